import { Table } from '@mantine/core'
import { formatNumber } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { EventDashboard } from '@palco/domain/reports/sales-dashboard'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { ScrollableTable } from '../../../components/ui/scrollable-table'
import { percentOf } from '../model/dashboard-view'

/** Occupancy per section: sold, held, courtesy, blocked and free places adding up to its capacity. */
export function OccupancyTable(props: { rows: EventDashboard['occupancy']; locale: Locale }) {
  const { t } = useTranslation('dashboards')
  if (props.rows.length === 0) return <MutedText>{t('empty.places')}</MutedText>
  const n = (v: number) => formatNumber(v, props.locale)
  return (
    <ScrollableTable caption={t('occupancy.caption')} minWidth={640} data-testid="dashboard-occupancy">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('occupancy.section')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.sold')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.held')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.courtesy')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.blocked')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.available')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.capacity')}</Table.Th>
          <Table.Th scope="col">{t('occupancy.taken')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((r) => {
          const taken = percentOf(r.sold + r.courtesy + r.held, r.capacity)
          return (
            <Table.Tr key={r.section}>
              <Table.Th scope="row">{r.section}</Table.Th>
              <Table.Td>{n(r.sold)}</Table.Td>
              <Table.Td>{n(r.held)}</Table.Td>
              <Table.Td>{n(r.courtesy)}</Table.Td>
              <Table.Td>{n(r.blocked)}</Table.Td>
              <Table.Td>{n(r.available)}</Table.Td>
              <Table.Td>{n(r.capacity)}</Table.Td>
              <Table.Td>{t('occupancy.percent', { percent: taken })}</Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </ScrollableTable>
  )
}
