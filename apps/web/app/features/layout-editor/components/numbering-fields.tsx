import { Button, Group, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import type { RowNumbering, SeatNumbering } from '@palco/domain/seating/layout-numbering'
import { SEAT_NUMBERINGS, SORT_ORDERS } from '@palco/domain/seating/layout-vocabulary'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SUGGESTED_SKIPS } from '../model/blocks'

const SIDES: readonly SeatNumbering['sides'][] = ['ALL', 'ODD', 'EVEN', 'ODD_EVEN']

/** "I, O" or "io" → ['I', 'O']: single letters, upper case, each once. */
export function parseSkips(text: string): string[] {
  return [...new Set(text.toUpperCase().match(/[A-Z]/g) ?? [])]
}

/**
 * How rows are named and seats numbered, as venues sign them: letters or numbers, ascending or
 * descending from a start, letters to leave out, and seats on all, odd, even or odd-left/even-right sides.
 * Shared by the row block form and the renumbering of a section.
 */
export function NumberingFields(props: {
  rows: RowNumbering
  seats: SeatNumbering
  onRows: (next: RowNumbering) => void
  onSeats: (next: SeatNumbering) => void
}) {
  const { t } = useTranslation('layouteditor')
  const { rows, seats } = props
  const [skipText, setSkipText] = useState(rows.skip.join(', '))
  const setSkip = (text: string) => {
    setSkipText(text)
    props.onRows({ ...rows, skip: parseSkips(text) })
  }
  const whole = (v: string | number, fallback: number) => {
    const n = typeof v === 'number' ? v : Number(v)
    return Number.isInteger(n) ? n : fallback
  }
  return (
    <>
      <SimpleGrid cols={2} spacing="xs">
        <NativeSelect
          size="xs"
          label={t('numbering.row_type')}
          value={rows.type}
          data={SEAT_NUMBERINGS.map((v) => ({ value: v, label: t(`numbering.types.${v}`) }))}
          onChange={(e) => props.onRows({ ...rows, type: e.currentTarget.value as RowNumbering['type'] })}
        />
        <NativeSelect
          size="xs"
          label={t('numbering.row_order')}
          value={rows.order}
          data={SORT_ORDERS.map((v) => ({ value: v, label: t(`numbering.orders.${v}`) }))}
          onChange={(e) => props.onRows({ ...rows, order: e.currentTarget.value as RowNumbering['order'] })}
        />
        <NumberInput
          size="xs"
          label={t(rows.type === 'LETTER' ? 'numbering.row_start_letter' : 'numbering.row_start')}
          min={1}
          max={999}
          value={rows.start}
          onChange={(v) => props.onRows({ ...rows, start: Math.max(1, whole(v, rows.start)) })}
        />
        <TextInput
          size="xs"
          label={t('numbering.skip')}
          description={t('numbering.skip_help')}
          value={skipText}
          disabled={rows.type !== 'LETTER'}
          onChange={(e) => setSkip(e.currentTarget.value)}
        />
      </SimpleGrid>
      {rows.type === 'LETTER' && (
        <Group gap="xs">
          <Button size="compact-xs" variant="light" onClick={() => setSkip(SUGGESTED_SKIPS.join(', '))}>
            {t('numbering.suggest_skip', { letters: SUGGESTED_SKIPS.join(', ') })}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={2} spacing="xs">
        <NativeSelect
          size="xs"
          label={t('numbering.seat_order')}
          value={seats.order}
          data={SORT_ORDERS.map((v) => ({ value: v, label: t(`numbering.orders.${v}`) }))}
          onChange={(e) =>
            props.onSeats({ ...seats, order: e.currentTarget.value as SeatNumbering['order'] })
          }
        />
        <NumberInput
          size="xs"
          label={t('numbering.seat_start')}
          min={0}
          max={9999}
          value={seats.start}
          onChange={(v) => props.onSeats({ ...seats, start: Math.max(0, whole(v, seats.start)) })}
        />
        <NativeSelect
          size="xs"
          label={t('numbering.sides')}
          value={seats.sides}
          data={SIDES.map((v) => ({ value: v, label: t(`numbering.side_values.${v}`) }))}
          onChange={(e) =>
            props.onSeats({ ...seats, sides: e.currentTarget.value as SeatNumbering['sides'] })
          }
        />
      </SimpleGrid>
    </>
  )
}
