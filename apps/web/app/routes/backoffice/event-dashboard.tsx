import { Anchor, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { formatDate, formatMoney, formatNumber, formatTime } from '@palco/domain/format/format'
import type { Currency } from '@palco/domain/locale/country'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useNavigate } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { getEventDashboard } from '../../features/dashboards/api/event-dashboard'
import { BreakdownTable } from '../../features/dashboards/components/breakdown-table'
import { ChartFigure } from '../../features/dashboards/components/chart-figure'
import { FigureCards } from '../../features/dashboards/components/figure-cards'
import { OccupancyTable } from '../../features/dashboards/components/occupancy-table'
import { useRefresh } from '../../features/dashboards/hooks/use-refresh'
import { dayInstant, spanParam, timeSeries } from '../../features/dashboards/model/dashboard-view'
import type { Route } from './+types/event-dashboard'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/events/:eventId/dashboard` (issue 43 part 6): the event's sales (gross, fees, refunds, net) over
 * time by hour or day (`?span=`), by channel, payment method and tier; occupancy per section; check-ins over
 * time. Figures come from the rollups and the page asks again every few seconds. Another organiser's event
 * is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const span = spanParam(new URL(request.url).searchParams.get('span'))
  const res = await getEventDashboard(context.api, params.eventId)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 502 })
  return { locale: context.locale, span, dashboard: res.data }
}

export default function EventDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboards')
  const { dashboard: d, locale, span } = loaderData
  const { event } = d
  const tz = event.timeZone
  const navigate = useNavigate()
  useRefresh()
  const money = useCallback(
    (amount: number) => formatMoney({ amount, currency: event.currency as Currency }, locale),
    [event.currency, locale],
  )
  const count = useCallback((v: number) => formatNumber(v, locale), [locale])
  const sales = useMemo(
    () =>
      span === 'hour'
        ? timeSeries(d.byHour, (r) => r.hour, ['gross', 'net'])
        : timeSeries(d.byDay, (r) => dayInstant(r.day), ['gross', 'net']),
    [d.byHour, d.byDay, span],
  )
  const salesRows =
    span === 'hour'
      ? d.byHour.map((r) => `${formatDate(r.hour, locale, tz)} ${formatTime(r.hour, locale, tz)}`)
      : d.byDay.map((r) => formatDate(dayInstant(r.day), locale, tz))
  const checkins = useMemo(() => timeSeries(d.checkinsByHour, (r) => r.hour, ['count']), [d.checkinsByHour])
  const salesLabels = useMemo(() => ({ gross: t('figures.gross'), net: t('figures.net') }), [t])
  const checkinLabels = useMemo(() => ({ count: t('checkins.count') }), [t])
  return (
    <Container size="xl" px="md" py="xl">
      <title>{`${t('event.title', { name: event.name })} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to="/backoffice/events" size="sm">
            {t('back')}
          </Anchor>
          <Title order={1}>{t('event.title', { name: event.name })}</Title>
          <MutedText>
            {t('when', {
              date: formatDate(event.startsAt, locale, tz),
              time: formatTime(event.startsAt, locale, tz),
            })}
          </MutedText>
          <Text size="sm">{t('lag')}</Text>
        </Stack>
        <FigureCards totals={d.totals} currency={event.currency} locale={locale} />
        <Group justify="flex-end">
          <SegmentedControl
            aria-label={t('span.label')}
            value={span}
            onChange={(v) => navigate(`?span=${v}`, { replace: true, preventScrollReset: true })}
            data={[
              { value: 'day', label: t('span.day') },
              { value: 'hour', label: t('span.hour') },
            ]}
          />
        </Group>
        <ChartFigure
          title={t('sales.title')}
          caption={t(span === 'hour' ? 'sales.captionHour' : 'sales.captionDay')}
          data={sales}
          labels={salesLabels}
          rowLabels={salesRows}
          timeZone={tz}
          formatValue={money}
          empty={t('empty.sales')}
          testId="dashboard-sales"
        />
        <Title order={2} size="h3">
          {t('breakdown.title')}
        </Title>
        <BreakdownTable
          caption={t('breakdown.channel')}
          rows={d.byChannel}
          label={(k) => t(`channel.${k}`, { defaultValue: k })}
          currency={event.currency}
          locale={locale}
          testId="dashboard-by-channel"
        />
        <BreakdownTable
          caption={t('breakdown.method')}
          rows={d.byMethod}
          label={(k) => t(`method.${k}`, { defaultValue: k })}
          currency={event.currency}
          locale={locale}
          testId="dashboard-by-method"
        />
        <BreakdownTable
          caption={t('breakdown.tier')}
          rows={d.byTier}
          label={(k) => k}
          currency={event.currency}
          locale={locale}
          testId="dashboard-by-tier"
        />
        <Title order={2} size="h3">
          {t('occupancy.title')}
        </Title>
        <OccupancyTable rows={d.occupancy} locale={locale} />
        <ChartFigure
          title={t('checkins.title')}
          caption={t('checkins.caption')}
          data={checkins}
          labels={checkinLabels}
          rowLabels={d.checkinsByHour.map(
            (r) => `${formatDate(r.hour, locale, tz)} ${formatTime(r.hour, locale, tz)}`,
          )}
          timeZone={tz}
          bars
          formatValue={count}
          empty={t('empty.checkins')}
          testId="dashboard-checkins"
        />
      </Stack>
    </Container>
  )
}
