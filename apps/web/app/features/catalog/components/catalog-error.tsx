import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse } from 'react-router'
import { MessagePage } from '../../../components/ui/message-page'

/** Inside the site's shell: an unknown event or tour is a 404 page with the header and footer around it. */
export function CatalogError({ error }: { error: unknown }) {
  const { t } = useTranslation(['catalog', 'common'])
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const key = notFound ? 'notFound' : 'failure'
  return (
    <MessagePage
      title={t(`errors.${key}.title`)}
      body={t(`errors.${key}.body`)}
      actions={[{ to: '/', label: t('common:actions.seeWhatsOn') }]}
    />
  )
}
