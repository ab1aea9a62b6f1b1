import { ColorSwatch, Group, Radio, Stack, Text, Title } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { SeatAvailability } from '@palco/domain/seating/availability'
import { type Layout, placesIn } from '@palco/domain/seating/layout'
import { MAX_PLACES_PER_PICK } from '@palco/domain/seating/pick-limits'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import type { SeatChangeSource } from '../../../lib/seat-map/model/seat-change-source'
import type { SeatMapZones } from '../../../lib/seat-map/model/seat-map-zone'
import { availableIn, sectionDirectory, zoneOfCode } from '../../../lib/seat-map/model/section-directory'
import { useLiveAvailability } from '../hooks/use-live-availability'
import { QuantityPicker } from './quantity-picker'

export interface TribunePickerProps {
  layout: Layout
  availability: SeatAvailability
  zones: SeatMapZones
  locale: Locale
  /** The fan chose a tribune (section) and how many tickets; the server assigns the places. */
  onPick: (sectionCode: string, quantity: number) => void
  maxQuantity?: number
  changes?: SeatChangeSource
}

/**
 * For Tribune_selection layouts (spec §3): the fan picks a tribune/zone and a quantity instead of seats.
 * A radio group of tribunes with colour, price and places left, then the quantity.
 */
export function TribunePicker({
  layout,
  zones,
  locale,
  onPick,
  maxQuantity,
  changes,
  ...props
}: TribunePickerProps) {
  const { t } = useTranslation('seatmap')
  const availability = useLiveAvailability(props.availability, changes)
  const dir = useMemo(() => sectionDirectory(layout), [layout])
  const [code, setCode] = useState('')
  const headingId = useId()
  const cap = maxQuantity ?? MAX_PLACES_PER_PICK.fan
  const tribunes = dir.order.filter((s) => placesIn(s) > 0)
  const chosen = dir.byCode.get(code)
  const free = chosen ? availableIn(chosen, availability) : 0

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('tribune.title')}
      </Title>
      <Radio.Group value={code} onChange={setCode} aria-labelledby={headingId}>
        <Stack gap="xs">
          {tribunes.map((s) => {
            const zone = zoneOfCode(dir, s.code, zones)
            const left = availableIn(s, availability)
            const card = (
              <Radio.Card key={s.code} value={s.code} disabled={left === 0} p="sm" radius="md">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator disabled={left === 0} />
                  <ColorSwatch
                    color={zone?.color ?? s.color}
                    size={16}
                    withShadow={false}
                    aria-hidden="true"
                  />
                  <div style={{ flex: 1 }}>
                    <Text fw={600}>{s.name}</Text>
                    <MutedText size="sm">
                      {left > 0 ? t('details.available', { count: left }) : t('tribune.soldOut')}
                    </MutedText>
                  </div>
                  {zone && <Text fw={600}>{formatMoney(zone.price, locale)}</Text>}
                </Group>
              </Radio.Card>
            )
            if (s !== chosen) return card
            // The quantity opens right under the chosen tribune, where the fan is looking.
            return (
              <Stack key={s.code} gap="xs">
                {card}
                <QuantityPicker
                  label={t('tribune.quantity')}
                  hint={t('tribune.max', { count: cap })}
                  submitLabel={t('tribune.submit')}
                  max={Math.min(free, cap)}
                  onSubmit={(n) => onPick(s.code, n)}
                />
              </Stack>
            )
          })}
        </Stack>
      </Radio.Group>
    </Stack>
  )
}
