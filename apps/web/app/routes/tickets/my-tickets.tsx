import { Anchor, Button, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { EventTickets } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { TicketListItem } from '../../features/tickets/components/ticket-list-item'
import type { Route } from './+types/my-tickets'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const tab = url.searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
  const res = await context.api<{ events: EventTickets[] }>(`/api/myTickets?past=${tab === 'past'}`)
  if (res.status === 401) {
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  if (res.status !== 200) throw data(null, { status: 503 })
  return { events: res.data.events, tab, locale: context.locale }
}

/** `/my-tickets` (spec §2): tickets grouped by event, upcoming first; `?tab=past` for ended events. */
export default function MyTickets({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { events, tab, locale } = loaderData
  const list = (
    <Stack gap="lg" pt="md">
      {events.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="tickets-empty">
          <Stack gap="sm" align="flex-start">
            <Text>{tab === 'past' ? t('tickets.emptyPast') : t('tickets.empty')}</Text>
            <Button component={Link} to="/">
              {t('tickets.browse')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        events.map((g) => (
          <section key={g.event.id} aria-labelledby={`event-${g.event.id}`} data-testid="ticket-event">
            <Title order={2} size="h3" id={`event-${g.event.id}`} style={{ overflowWrap: 'anywhere' }}>
              {g.event.name}
            </Title>
            <MutedText mb="sm">
              <time dateTime={g.event.startsAt}>
                {formatDate(g.event.startsAt, locale, g.event.timeZone)} ·{' '}
                {formatTime(g.event.startsAt, locale, g.event.timeZone)}
              </time>{' '}
              · {g.event.venueName}, {g.event.city} · {t('tickets.count', { count: g.tickets.length })}
            </MutedText>
            <Stack gap="sm">
              {g.tickets.map((tk) => (
                <TicketListItem key={tk.id} ticket={tk} inscription={g.event.type === 'INSCRIPTION'} />
              ))}
            </Stack>
          </section>
        ))
      )}
    </Stack>
  )
  return (
    <Container size="sm" px="md" py="xl">
      <title>{`${t('tickets.title')} · Palco`}</title>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('tickets.title')}</Title>
          <MutedText>{t('tickets.lead')}</MutedText>
          <Anchor component={Link} to="/my-purchases" size="sm">
            {t('tickets.toPurchases')}
          </Anchor>
        </div>
        <Tabs
          value={tab}
          onChange={(v) => void navigate(v === 'past' ? '/my-tickets?tab=past' : '/my-tickets')}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('tickets.tabs.label')}>
            <Tabs.Tab value="upcoming">{t('tickets.tabs.upcoming')}</Tabs.Tab>
            <Tabs.Tab value="past">{t('tickets.tabs.past')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upcoming">{tab === 'upcoming' && list}</Tabs.Panel>
          <Tabs.Panel value="past">{tab === 'past' && list}</Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}
