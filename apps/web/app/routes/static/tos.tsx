import { data } from 'react-router'
import { LegalDocumentView } from '../../features/content/components/legal-document-view'
import { contentPath, type LegalDocument } from '../../features/content/model/content-types'
import type { Route } from './+types/tos'

export async function loader({ context }: Route.LoaderArgs) {
  const doc = await context.content<LegalDocument>(contentPath('tos', context.country))
  if (!doc) throw data(null, { status: 404 })
  return { doc, locale: context.locale }
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView doc={loaderData.doc} locale={loaderData.locale} />
}
