import { Table } from '@mantine/core'
import { formatMoney, formatNumber } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { SalesFigures } from '@palco/domain/reports/sales-dashboard'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { ScrollableTable } from '../../../components/ui/scrollable-table'

/** Sales split by one dimension (channel, payment method, tier): one row each, every figure in a column. */
export function BreakdownTable(props: {
  caption: string
  rows: (SalesFigures & { key: string })[]
  label: (key: string) => string
  currency: string
  locale: Locale
  testId: string
}) {
  const { t } = useTranslation('dashboards')
  if (props.rows.length === 0) return <MutedText>{t('empty.sales')}</MutedText>
  const money = (amount: number) =>
    formatMoney({ amount, currency: props.currency as Currency }, props.locale)
  return (
    <ScrollableTable caption={props.caption} minWidth={560} data-testid={props.testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('table.key')}</Table.Th>
          <Table.Th scope="col">{t('figures.tickets')}</Table.Th>
          <Table.Th scope="col">{t('figures.gross')}</Table.Th>
          <Table.Th scope="col">{t('figures.fees')}</Table.Th>
          <Table.Th scope="col">{t('figures.refunds')}</Table.Th>
          <Table.Th scope="col">{t('figures.net')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Th scope="row">{props.label(r.key)}</Table.Th>
            <Table.Td>{formatNumber(r.tickets - r.refundedTickets, props.locale)}</Table.Td>
            <Table.Td>{money(r.gross)}</Table.Td>
            <Table.Td>{money(r.fees)}</Table.Td>
            <Table.Td>{money(r.refunds)}</Table.Td>
            <Table.Td>{money(r.net)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollableTable>
  )
}
