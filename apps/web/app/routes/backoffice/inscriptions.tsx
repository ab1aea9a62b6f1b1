import { Container, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import {
  getInscriptionEntries,
  getInscriptionEvent,
  getInscriptionForm,
  listInscriptionEvents,
} from '../../features/inscription-admin/api/inscription-form'
import { InscriptionEntriesSection } from '../../features/inscription-admin/components/inscription-entries'
import { InscriptionEventsList } from '../../features/inscription-admin/components/inscription-events-list'
import { InscriptionFormEditor } from '../../features/inscription-admin/components/inscription-form-editor'
import type { Route } from './+types/inscriptions'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/inscriptions` (issue 17 part 6, admins): the site's inscriptions; `?event=<id>` opens one's
 * form, categories' age rules and entries below the list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const events = await listInscriptionEvents(context.api)
  if (!events) throw data(null, { status: 502 })
  const selectedId = new URL(request.url).searchParams.get('event')
  if (!selectedId) return { locale: context.locale, events, selected: null }
  const row = events.find((e) => e.id === selectedId)
  if (!row) throw data(null, { status: 404 })
  const [form, detail, entries] = await Promise.all([
    getInscriptionForm(context.api, row.id),
    getInscriptionEvent(context.api, row.id),
    getInscriptionEntries(context.api, row.id),
  ])
  if (form.status !== 200 || detail.status !== 200 || entries.status !== 200)
    throw data(null, { status: 502 })
  return {
    locale: context.locale,
    events,
    selected: {
      event: { id: row.id, name: row.name, startsAt: row.startsAt, timeZone: row.timeZone },
      zones: detail.data.zones.map((z) => ({ id: z.id, name: z.name, ageRule: z.ageRule })),
      definition: form.data.definition,
      entries: entries.data,
    },
  }
}

export default function InscriptionsBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('inscriptions')
  const { selected, locale } = loaderData
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${selected ? `${selected.event.name} · ` : ''}${t('admin.title')} · Palco`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('admin.title')}</Title>
          <MutedText>{t('admin.intro')}</MutedText>
        </Stack>
        <InscriptionEventsList
          events={loaderData.events}
          selectedId={selected?.event.id ?? null}
          locale={locale}
        />
        {selected && (
          <>
            <InscriptionFormEditor
              key={selected.event.id}
              event={selected.event}
              zones={selected.zones}
              definition={selected.definition}
              locale={locale}
            />
            <InscriptionEntriesSection
              eventId={selected.event.id}
              timeZone={selected.event.timeZone}
              entries={selected.entries}
              locale={locale}
            />
          </>
        )}
      </Stack>
    </Container>
  )
}
