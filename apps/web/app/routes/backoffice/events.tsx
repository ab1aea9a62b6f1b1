import { Container, Stack, Title } from '@mantine/core'
import type { AdminEventList } from '@palco/domain/catalog/event-cancellation'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { AttendeesLink } from '../../features/attendees/components/attendees-link'
import { DashboardLink } from '../../features/dashboards/components/dashboard-link'
import { EVENTS_PATH } from '../../features/event-admin/api/events'
import { EventsManager } from '../../features/event-admin/components/events-manager'
import { RoomControls } from '../../features/waiting-room/components/room-controls'
import type { Route } from './+types/events'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** `/backoffice/events` (issue 16 part 5, admins): the site's events with their status; cancelling one. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await context.api<AdminEventList>(EVENTS_PATH)
  if (list.status !== 200) throw new Response(null, { status: 502 })
  return { locale: context.locale, events: list.data.events }
}

export default function EventsBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  const { revalidate } = useRevalidator()
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('eventAdmin.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('eventAdmin.title')}</Title>
          <MutedText>{t('eventAdmin.intro')}</MutedText>
        </Stack>
        <EventsManager
          {...loaderData}
          onChanged={revalidate}
          actions={(event) => (
            <>
              {/* Who holds its tickets and who came in (issue 43 part 4), cancelled events too. */}
              {/* Its sales, occupancy and check-ins (issue 43 part 6). */}
              <DashboardLink eventId={event.id} name={event.name} />
              <AttendeesLink eventId={event.id} name={event.name} />
              {event.status === 'CANCELLED' ? null : <RoomControls eventId={event.id} name={event.name} />}
            </>
          )}
        />
      </Stack>
    </Container>
  )
}
