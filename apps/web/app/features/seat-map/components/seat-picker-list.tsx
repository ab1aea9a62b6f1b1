import { Button, NativeSelect, Stack, Title, VisuallyHidden } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { SeatAvailability } from '@palco/domain/seating/availability'
import { type Layout, placesIn } from '@palco/domain/seating/layout'
import { MAX_PLACES_PER_PICK } from '@palco/domain/seating/pick-limits'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { type PickerSeat, pickerRows } from '../../../lib/seat-map/model/picker-rows'
import type { SeatChangeSource } from '../../../lib/seat-map/model/seat-change-source'
import type { SeatMapZones } from '../../../lib/seat-map/model/seat-map-zone'
import { availableIn, sectionDirectory, zoneOfCode } from '../../../lib/seat-map/model/section-directory'
import { useLiveAvailability } from '../hooks/use-live-availability'
import { QuantityPicker } from './quantity-picker'
import classes from './seat-picker-list.module.css'

export interface SeatPickerListProps {
  layout: Layout
  availability: SeatAvailability
  mine: ReadonlySet<string>
  selected: ReadonlySet<string>
  zones: SeatMapZones
  locale: Locale
  onToggleSeat: (seatKey: string) => void
  /** Unnumbered sections and parking: the fan chose a quantity. */
  onPickQuantity: (sectionCode: string, quantity: number) => void
  maxSelectable?: number
  /** Per-purchase cap on a quantity. */
  maxQuantity?: number
  changes?: SeatChangeSource
  /** E.g. to show the same section on the map. */
  onSectionChange?: (sectionCode: string) => void
  /** Anchor for the map's "choose from a list" link. */
  id?: string
}

/**
 * The accessible way to choose seats (issue 5 part 6), and what phones use when the map is too small:
 * section → row → seat with native selects and one button per seat. Every seat is reachable by keyboard;
 * its name says its number, state and price; seats that cannot be chosen stay focusable (aria-disabled)
 * so the reason is read rather than the seat being skipped.
 */
export function SeatPickerList(props: SeatPickerListProps) {
  const { layout, mine, selected, zones, locale, maxSelectable, onToggleSeat } = props
  const { t } = useTranslation('seatmap')
  const availability = useLiveAvailability(props.availability, props.changes)
  const dir = useMemo(() => sectionDirectory(layout), [layout])
  const [sectionCode, setSectionCode] = useState('')
  const [rowLabel, setRowLabel] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  const section = dir.byCode.get(sectionCode)
  const zone = section ? zoneOfCode(dir, section.code, zones) : undefined
  const price = zone ? formatMoney(zone.price, locale) : ''

  const sectionOptions = dir.order
    .filter((s) => placesIn(s) > 0)
    .map((s) => {
      const free = availableIn(s, availability)
      const z = zoneOfCode(dir, s.code, zones)
      return {
        value: s.code,
        label: t('list.sectionOption', {
          name: s.name,
          price: z ? formatMoney(z.price, locale) : '—',
          available: free > 0 ? t('details.available', { count: free }) : t('details.soldOut'),
        }),
      }
    })

  const encoded = section ? availability.sections[section.code] : undefined
  const rows = useMemo(
    () => (section?.numbered ? pickerRows(section, encoded, mine, selected) : []),
    [section, encoded, mine, selected],
  )
  const row = rows.find((r) => r.label === rowLabel)

  const announce = (text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u200b` : text))

  const stateText = (s: PickerSeat) =>
    [t(`states.${s.state}`), s.restriction && t(`restrictions.${s.restriction}`)].filter(Boolean).join(', ')

  const limitReached = maxSelectable !== undefined && selected.size >= maxSelectable

  const onSeat = (s: PickerSeat) => {
    const name = { row: rowLabel, seat: s.seat, section: section?.name ?? '' }
    if (!s.selectable) {
      announce(t('announce.notSelectable', { ...name, reason: stateText(s) }))
      return
    }
    if (s.state === 'AVAILABLE' && limitReached) {
      announce(t('announce.maxReached', { count: maxSelectable }))
      return
    }
    onToggleSeat(s.key)
    const what = s.state === 'AVAILABLE' ? 'selected' : s.state === 'RESERVED' ? 'released' : 'deselected'
    announce(t(`announce.${what}`, name))
  }

  const free = section ? availableIn(section, availability) : 0

  return (
    <Stack gap="sm" component="section" id={props.id} aria-labelledby={headingId} tabIndex={-1}>
      <Title order={2} size="h4" id={headingId}>
        {t('list.title')}
      </Title>
      <NativeSelect
        label={t('list.section')}
        value={sectionCode}
        onChange={(e) => {
          setSectionCode(e.currentTarget.value)
          setRowLabel('')
          if (e.currentTarget.value) props.onSectionChange?.(e.currentTarget.value)
        }}
        data={[{ value: '', label: t('list.sectionPlaceholder') }, ...sectionOptions]}
      />

      {section && !section.numbered && (
        <QuantityPicker
          key={section.code}
          label={t('list.quantity')}
          submitLabel={t('list.choose')}
          max={Math.min(free, props.maxQuantity ?? MAX_PLACES_PER_PICK.fan)}
          hint={price ? `${price} · ${t('details.available', { count: free })}` : undefined}
          onSubmit={(n) => props.onPickQuantity(section.code, n)}
        />
      )}

      {section?.numbered && (
        <NativeSelect
          label={t('list.row')}
          value={rowLabel}
          onChange={(e) => setRowLabel(e.currentTarget.value)}
          data={[
            { value: '', label: t('list.rowPlaceholder') },
            ...rows.map((r) => ({
              value: r.label,
              label: t('list.rowOption', {
                row: r.label,
                available:
                  r.available > 0 ? t('details.available', { count: r.available }) : t('details.soldOut'),
              }),
            })),
          ]}
        />
      )}

      {row && (
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t('list.seats', { row: row.label })}</legend>
          {row.available === 0 && (
            <MutedText size="sm" mb="xs">
              {t('list.noSeats')}
            </MutedText>
          )}
          <ul className={classes.seats}>
            {row.seats.map((s) => {
              const atLimit = s.state === 'AVAILABLE' && limitReached
              const blocked = !s.selectable || atLimit
              // Seats that cannot be chosen say why (their state and any restriction) instead of a price.
              const label = !s.selectable
                ? t('list.seatUnavailable', { seat: s.seat, reason: stateText(s) })
                : [
                    s.restriction
                      ? t('list.seatRestricted', {
                          seat: s.seat,
                          state: t(`states.${s.state}`),
                          restriction: t(`restrictions.${s.restriction}`),
                          price,
                        })
                      : t('list.seatLabel', { seat: s.seat, state: t(`states.${s.state}`), price }),
                    atLimit &&
                      t('list.unavailableReason', {
                        reason: t('announce.maxReached', { count: maxSelectable }),
                      }),
                  ]
                    .filter(Boolean)
                    .join(', ')
              return (
                <li key={s.key}>
                  <Button
                    size="compact-sm"
                    miw={44}
                    variant={s.state === 'SELECTED' ? 'filled' : s.state === 'RESERVED' ? 'light' : 'default'}
                    color={s.state === 'RESERVED' ? 'yellow' : undefined}
                    aria-pressed={s.selectable ? s.state === 'SELECTED' || s.state === 'RESERVED' : undefined}
                    aria-disabled={blocked || undefined}
                    data-disabled={blocked || undefined}
                    aria-label={label}
                    title={label}
                    onClick={() => onSeat(s)}
                  >
                    {s.seat}
                  </Button>
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  )
}
