import { Paper, SimpleGrid, Text } from '@mantine/core'
import { formatMoney, formatNumber } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { SalesFigures } from '@palco/domain/reports/sales-dashboard'
import { useTranslation } from 'react-i18next'

/** The headline figures: gross, service fees, refunds, net, and tickets sold (issue 43 part 6). */
export function FigureCards(props: { totals: SalesFigures; currency: string; locale: Locale }) {
  const { t } = useTranslation('dashboards')
  const money = (amount: number) =>
    formatMoney({ amount, currency: props.currency as Currency }, props.locale)
  const cards = [
    ['gross', money(props.totals.gross)],
    ['fees', money(props.totals.fees)],
    ['refunds', money(props.totals.refunds)],
    ['net', money(props.totals.net)],
    ['tickets', formatNumber(props.totals.tickets - props.totals.refundedTickets, props.locale)],
    ['orders', formatNumber(props.totals.orders, props.locale)],
  ] as const
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="dl" m={0}>
      {cards.map(([key, value]) => (
        <Paper key={key} withBorder p="sm">
          <Text component="dt" size="sm">
            {t(`figures.${key}`)}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" data-testid={`dashboard-${key}`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
