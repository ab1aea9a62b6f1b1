import { ColorSwatch, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { VISUAL_STATES } from '../../../lib/seat-map/model/place-codes'
import { type SeatPalette, seatColorOf } from '../../../lib/seat-map/model/seat-colors'

export interface SeatMapLegendProps {
  palette: SeatPalette
  /** Distinct zone colours: "available" is drawn in each zone's own colour. */
  zoneColors: readonly string[]
}

/** What each seat colour means, in the same colours the canvas uses. */
export function SeatMapLegend({ palette, zoneColors }: SeatMapLegendProps) {
  const { t } = useTranslation('seatmap')
  const zones = zoneColors.slice(0, 5)
  return (
    <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('legend.title')}>
      {VISUAL_STATES.map((state) => (
        <Group component="li" key={state} gap={6} wrap="nowrap">
          {state === 'AVAILABLE' ? (
            <Group gap={2} wrap="nowrap" aria-hidden="true">
              {zones.map((c) => (
                <ColorSwatch key={c} color={c} size={14} radius={3} withShadow={false} />
              ))}
            </Group>
          ) : (
            <ColorSwatch
              color={seatColorOf(state, '', palette) ?? 'transparent'}
              size={14}
              radius={3}
              withShadow={false}
              aria-hidden="true"
            />
          )}
          <Text size="sm">{t(`states.${state}`)}</Text>
        </Group>
      ))}
    </Group>
  )
}
