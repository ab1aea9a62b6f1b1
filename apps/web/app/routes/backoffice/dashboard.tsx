import { Anchor, Button, Container, Group, NativeSelect, Stack, Table, Title } from '@mantine/core'
import { formatDate, formatMoney, formatNumber } from '@palco/domain/format/format'
import { COUNTRY_SETTINGS, type Currency } from '@palco/domain/locale/country'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { ScrollableTable } from '../../components/ui/scrollable-table'
import { getOrganiserDashboard } from '../../features/dashboards/api/organiser-dashboard'
import { BreakdownTable } from '../../features/dashboards/components/breakdown-table'
import { ChartFigure } from '../../features/dashboards/components/chart-figure'
import { FigureCards } from '../../features/dashboards/components/figure-cards'
import { useRefresh } from '../../features/dashboards/hooks/use-refresh'
import {
  dayInstant,
  eventDashboardPath,
  organiserParam,
  timeSeries,
} from '../../features/dashboards/model/dashboard-view'
import type { Route } from './+types/dashboard'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/dashboard` (issue 43 part 6): an organiser's events' sales together, per day, channel and
 * payment method, and each event's figures with the way to its own dashboard. Staff of several organisers (and
 * platform admins, who reach every one) pick which with `?organiser=`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const organiserId = organiserParam(new URL(request.url).searchParams.get('organiser'))
  const res = await getOrganiserDashboard(context.api, organiserId)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 502 })
  return { locale: context.locale, dashboard: res.data }
}

export default function OrganiserDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboards')
  const { dashboard: d, locale } = loaderData
  useRefresh()
  const currency = (d.currency ?? 'COP') as Currency
  const tz = currency === 'MXN' ? COUNTRY_SETTINGS.MEX.timeZone : COUNTRY_SETTINGS.COL.timeZone
  const money = useCallback((amount: number) => formatMoney({ amount, currency }, locale), [currency, locale])
  const days = useMemo(() => timeSeries(d.byDay, (r) => dayInstant(r.day), ['gross', 'net']), [d.byDay])
  const labels = useMemo(() => ({ gross: t('figures.gross'), net: t('figures.net') }), [t])
  const name = d.organisers.find((o) => o.id === d.organiserId)?.name ?? ''
  return (
    <Container size="xl" px="md" py="xl">
      <title>{`${t('organiser.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('organiser.title')}</Title>
          <MutedText>{name ? t('organiser.intro', { name }) : t('organiser.none')}</MutedText>
          <MutedText size="sm">{t('lag')}</MutedText>
        </Stack>
        {d.organisers.length > 1 && (
          <Form method="get">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="organiser"
                label={t('organiser.pick')}
                defaultValue={d.organiserId ?? ''}
                data={d.organisers.map((o) => ({ value: o.id, label: o.name }))}
                data-testid="dashboard-organiser"
              />
              <Button type="submit" variant="default">
                {t('organiser.show')}
              </Button>
            </Group>
          </Form>
        )}
        {d.organiserId && (
          <>
            <FigureCards totals={d.totals} currency={currency} locale={locale} />
            <ChartFigure
              title={t('sales.title')}
              caption={t('sales.captionDay')}
              data={days}
              labels={labels}
              rowLabels={d.byDay.map((r) => formatDate(dayInstant(r.day), locale, tz))}
              timeZone={tz}
              formatValue={money}
              empty={t('empty.sales')}
              testId="dashboard-sales"
            />
            <BreakdownTable
              caption={t('breakdown.channel')}
              rows={d.byChannel}
              label={(k) => t(`channel.${k}`, { defaultValue: k })}
              currency={currency}
              locale={locale}
              testId="dashboard-by-channel"
            />
            <BreakdownTable
              caption={t('breakdown.method')}
              rows={d.byMethod}
              label={(k) => t(`method.${k}`, { defaultValue: k })}
              currency={currency}
              locale={locale}
              testId="dashboard-by-method"
            />
            <ScrollableTable caption={t('organiser.events')} minWidth={640} data-testid="dashboard-events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('organiser.event')}</Table.Th>
                  <Table.Th scope="col">{t('organiser.date')}</Table.Th>
                  <Table.Th scope="col">{t('figures.tickets')}</Table.Th>
                  <Table.Th scope="col">{t('figures.gross')}</Table.Th>
                  <Table.Th scope="col">{t('figures.refunds')}</Table.Th>
                  <Table.Th scope="col">{t('figures.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={eventDashboardPath(e.id)}>
                        {e.name}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{formatDate(e.startsAt, locale, tz)}</Table.Td>
                    <Table.Td>{formatNumber(e.tickets - e.refundedTickets, locale)}</Table.Td>
                    <Table.Td>{money(e.gross)}</Table.Td>
                    <Table.Td>{money(e.refunds)}</Table.Td>
                    <Table.Td>{money(e.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollableTable>
          </>
        )}
      </Stack>
    </Container>
  )
}
