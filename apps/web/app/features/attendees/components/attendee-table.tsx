import { Badge, Table, Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { AttendeeRow } from '@palco/domain/reports/attendees'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { placeParts } from '../model/attendee-view'

// Filled, in shades dark enough for white text (WCAG AA).
const STATUS_COLOR: Record<string, string> = {
  PAID: 'teal.9',
  PENDING: 'yellow.9',
  REFUNDED: 'gray.7',
  CANCELED: 'red.9',
}

/**
 * One page of an event's attendees (issue 43 part 4), a row per ticket: holder (the row's header), buyer,
 * order, document, place, kind and status, and whether it came in (when and at which gate). The table keeps its
 * columns and scrolls sideways inside its own region, which takes focus so a keyboard can scroll it at 375 px
 * (WCAG 2.1.1); its caption says which page it is.
 */
export function AttendeeTable(props: {
  rows: AttendeeRow[]
  caption: string
  timeZone: string
  locale: Locale
}) {
  const { t } = useTranslation('attendees')
  const captionId = useId()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-labelledby={captionId} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table
        miw={900}
        striped
        highlightOnHover
        verticalSpacing="xs"
        captionSide="top"
        data-testid="attendee-table"
      >
        <Table.Caption id={captionId} ta="left">
          {props.caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.holder')}</Table.Th>
            <Table.Th scope="col">{t('table.buyer')}</Table.Th>
            <Table.Th scope="col">{t('table.order')}</Table.Th>
            <Table.Th scope="col">{t('table.document')}</Table.Th>
            <Table.Th scope="col">{t('table.place')}</Table.Th>
            <Table.Th scope="col">{t('table.ticket')}</Table.Th>
            <Table.Th scope="col">{t('table.checkIn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <AttendeeLine key={row.ticketId} row={row} timeZone={props.timeZone} locale={props.locale} />
          ))}
        </Table.Tbody>
      </Table>
    </section>
  )
}

function AttendeeLine(props: { row: AttendeeRow; timeZone: string; locale: Locale }) {
  const { t } = useTranslation('attendees')
  const { row, locale, timeZone } = props
  const place = placeParts(row)
  return (
    <Table.Tr data-testid="attendee-row" data-checked-in={row.checkIn !== null}>
      <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.holderName ?? '—'}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.buyerEmail ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.orderCode}</Table.Td>
      <Table.Td>{row.document ? `${row.document.type ?? ''} ${row.document.number}`.trim() : '—'}</Table.Td>
      <Table.Td>
        {place.length === 0
          ? '—'
          : place.map((p) => t(`table.parts.${p.key}`, { value: p.value })).join(' · ')}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{t(`kinds.${row.kind}`, { defaultValue: row.kind })}</Text>
        <Badge color={STATUS_COLOR[row.status] ?? 'gray.7'} variant="filled" size="sm">
          {t(`statuses.${row.status}`, { defaultValue: row.status })}
        </Badge>
      </Table.Td>
      <Table.Td>
        {row.checkIn ? (
          <>
            <Badge color="teal.9" variant="filled" size="sm">
              {t('table.checkedIn')}
            </Badge>
            <Text size="sm">
              {t('table.checkedInAt', {
                date: formatDate(row.checkIn.at, locale, timeZone),
                time: formatTime(row.checkIn.at, locale, timeZone),
                gate: row.checkIn.gate,
              })}
            </Text>
          </>
        ) : (
          <Text size="sm">{t('table.notYet')}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}
