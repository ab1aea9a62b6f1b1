import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core'
import { formatDate, formatNumber, formatTime } from '@palco/domain/format/format'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { getAttendeeList } from '../../features/attendees/api/attendee-list'
import { getEventExports } from '../../features/attendees/api/event-exports'
import { AttendeeExports } from '../../features/attendees/components/attendee-exports'
import { AttendeePager } from '../../features/attendees/components/attendee-pager'
import { AttendeeSearch } from '../../features/attendees/components/attendee-search'
import { AttendeeTable } from '../../features/attendees/components/attendee-table'
import { pageParam, searchParam } from '../../features/attendees/model/attendee-view'
import type { Route } from './+types/event-attendees'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/events/:eventId/attendees` (issue 43 part 4): the event's attendees with their check-in, searched
 * and paged through the address (`?q=`, `?page=` from 0), and their exports. Another organiser's event is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = searchParam(url.searchParams.get('q'))
  const page = pageParam(url.searchParams.get('page'))
  const [list, exports] = await Promise.all([
    getAttendeeList(context.api, params.eventId, { q, page }),
    getEventExports(context.api, params.eventId),
  ])
  if (list.status === 404 || list.status === 400) throw data(null, { status: 404 })
  if (list.status !== 200 || exports.status !== 200) throw data(null, { status: 502 })
  return { locale: context.locale, q, list: list.data, exports: exports.data.exports }
}

export default function EventAttendees({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('attendees')
  const { list, q, locale } = loaderData
  const { event, counts } = list
  const tz = event.timeZone
  return (
    <Container size="xl" px="md" py="xl">
      <title>{`${t('title')} · ${event.name} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to="/backoffice/events" size="sm">
            {t('back')}
          </Anchor>
          <Title order={1}>{t('titleOf', { name: event.name })}</Title>
          <MutedText>
            {t('when', {
              date: formatDate(event.startsAt, locale, tz),
              time: formatTime(event.startsAt, locale, tz),
            })}
          </MutedText>
          <Text fw={600} data-testid="attendee-counts">
            {t('counts', {
              tickets: formatNumber(counts.tickets, locale),
              valid: formatNumber(counts.valid, locale),
              checkedIn: formatNumber(counts.checkedIn, locale),
            })}
          </Text>
        </Stack>
        <AttendeeSearch eventId={event.id} q={q} />
        {q && (
          <Text role="status" data-testid="attendee-results">
            {t('search.results', { count: list.total, q })}
          </Text>
        )}
        {list.items.length === 0 ? (
          <MutedText>{q ? t('table.noMatch') : t('table.empty')}</MutedText>
        ) : (
          <AttendeeTable
            rows={list.items}
            caption={t('table.caption', {
              page: list.page + 1,
              pages: list.totalPages,
              total: formatNumber(list.total, locale),
            })}
            timeZone={tz}
            locale={locale}
          />
        )}
        <Group justify="center">
          <AttendeePager eventId={event.id} q={q} page={list.page} totalPages={list.totalPages} />
        </Group>
        <AttendeeExports
          key={event.id}
          eventId={event.id}
          tickets={counts.tickets}
          directMax={list.directExportMax}
          exports={loaderData.exports}
          timeZone={tz}
          locale={locale}
        />
      </Stack>
    </Container>
  )
}
