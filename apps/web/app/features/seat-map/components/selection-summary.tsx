import { CloseButton, Group, Stack, Table, Text, Title } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { Layout } from '@palco/domain/seating/layout'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { parseSeatKey } from '../../../lib/seat-map/model/seat-key'
import type { SeatMapZones } from '../../../lib/seat-map/model/seat-map-zone'
import { sectionDirectory, zoneOfCode } from '../../../lib/seat-map/model/section-directory'

export interface SelectionSummaryProps {
  layout: Layout
  /** Seat keys, in the order the fan chose them. */
  seats: Iterable<string>
  zones: SeatMapZones
  locale: Locale
  /** Unnumbered sections and parking chosen by quantity: section code → how many. */
  quantities?: Readonly<Record<string, number>>
  onRemoveSeat?: (seatKey: string) => void
  onRemoveQuantity?: (sectionCode: string) => void
}

interface Line {
  id: string
  label: string
  detail: string
  amount: number
  currency: Currency | null
  remove?: (() => void) | undefined
}

/** The chosen seats (and quantities) with their prices and a total; amounts are summed in minor units. */
export function SelectionSummary(props: SelectionSummaryProps) {
  const { layout, seats, zones, locale, quantities = {}, onRemoveSeat, onRemoveQuantity } = props
  const { t } = useTranslation('seatmap')
  const dir = useMemo(() => sectionDirectory(layout), [layout])

  const lines: Line[] = []
  let count = 0
  for (const key of seats) {
    const p = parseSeatKey(key)
    if (!p) continue
    const zone = zoneOfCode(dir, p.section, zones)
    count++
    lines.push({
      id: key,
      label: dir.byCode.get(p.section)?.name ?? p.section,
      detail: t('details.seatName', { row: p.row, seat: p.seat }),
      amount: zone?.price.amount ?? 0,
      currency: zone?.price.currency ?? null,
      remove: onRemoveSeat && (() => onRemoveSeat(key)),
    })
  }
  for (const [code, n] of Object.entries(quantities)) {
    if (!(n > 0)) continue
    const zone = zoneOfCode(dir, code, zones)
    const name = dir.byCode.get(code)?.name ?? code
    count += n
    lines.push({
      id: `qty:${code}`,
      label: name,
      detail: t('summary.quantity', { count: n, section: zone?.name ?? name }),
      amount: (zone?.price.amount ?? 0) * n,
      currency: zone?.price.currency ?? null,
      remove: onRemoveQuantity && (() => onRemoveQuantity(code)),
    })
  }

  // One total per currency; a layout is sold in one currency, but a mix must never be added together.
  const totals = new Map<Currency, number>()
  for (const l of lines) if (l.currency) totals.set(l.currency, (totals.get(l.currency) ?? 0) + l.amount)

  return (
    <Stack gap="xs" component="section" aria-labelledby="seat-selection-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="seat-selection-title">
          {t('summary.title')}
        </Title>
        {count > 0 && <MutedText>{t('summary.places', { count })}</MutedText>}
      </Group>
      {lines.length === 0 ? (
        <MutedText>{t('summary.empty')}</MutedText>
      ) : (
        <Table verticalSpacing={6} withRowBorders>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {l.label}
                  </Text>
                  <Text size="sm">{l.detail}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {l.currency ? formatMoney({ amount: l.amount, currency: l.currency }, locale) : '—'}
                </Table.Td>
                {(onRemoveSeat || onRemoveQuantity) && (
                  <Table.Td w={40}>
                    {l.remove && (
                      <CloseButton
                        size="sm"
                        onClick={l.remove}
                        aria-label={t('summary.remove', { item: `${l.label}, ${l.detail}` })}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {[...totals].map(([currency, amount]) => (
              <Table.Tr key={currency}>
                <Table.Th>{t('summary.total')}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="selection-total">
                  {formatMoney({ amount, currency }, locale)}
                </Table.Th>
                {(onRemoveSeat || onRemoveQuantity) && <Table.Th />}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      )}
    </Stack>
  )
}
