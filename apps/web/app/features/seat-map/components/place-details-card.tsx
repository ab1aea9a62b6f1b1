import { Badge, ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import type { SeatPalette } from '../../../lib/seat-map/model/seat-colors'
import { seatColorOf } from '../../../lib/seat-map/model/seat-colors'
import type { PlaceDetails } from '../../../lib/seat-map/model/seat-details'
import type { SeatMapZone } from '../../../lib/seat-map/model/seat-map-zone'

export interface PlaceDetailsCardProps {
  details: PlaceDetails
  zone: SeatMapZone | undefined
  locale: Locale
  palette: SeatPalette
  /** A line under the details, e.g. why a tap did nothing. */
  note?: string | undefined
  /** Tribune_selection layouts pick every section whole. */
  pickWhole?: boolean
}

/** The hover/tap card: section, row and seat, price, view direction, restriction and state. */
export function PlaceDetailsCard({ details, zone, locale, palette, note, pickWhole }: PlaceDetailsCardProps) {
  const { t } = useTranslation('seatmap')
  const price = zone ? formatMoney(zone.price, locale) : null
  return (
    <Paper shadow="md" radius="md" p="sm" withBorder maw={280}>
      <Stack gap={4}>
        <Text fw={700} size="sm" lh={1.3}>
          {details.sectionName}
        </Text>
        {details.kind === 'seat' ? (
          <>
            <Text size="sm">{t('details.seatName', { row: details.row, seat: details.seat })}</Text>
            <Group gap={6} wrap="nowrap">
              <ColorSwatch
                size={12}
                color={seatColorOf(details.state, zone?.color ?? '#1c7ed6', palette) ?? 'transparent'}
                withShadow={false}
              />
              <Text size="sm">{t(`states.${details.state}`)}</Text>
            </Group>
            {details.restriction && (
              <Badge
                size="sm"
                variant="light"
                color={details.restriction === 'PREFERENTIAL' ? 'blue' : 'gray'}
              >
                {t(`restrictions.${details.restriction}`)}
              </Badge>
            )}
          </>
        ) : (
          <Text size="sm">
            {details.available > 0
              ? t('details.available', { count: details.available })
              : t('details.soldOut')}
            {details.parking
              ? ` · ${t('details.parking')}`
              : !details.numbered
                ? ` · ${t('details.general')}`
                : ''}
          </Text>
        )}
        {price && (
          <Text size="sm" fw={600}>
            {t('details.price')}: {price}
          </Text>
        )}
        <MutedText size="xs">
          {t('details.view')}: {t(`viewDirections.${details.viewDirection}`)}
        </MutedText>
        {details.kind === 'section' && !note && details.available > 0 && (
          <Text size="xs" fw={500}>
            {t(details.numbered && !pickWhole ? 'details.tapToZoom' : 'details.tapToPick')}
          </Text>
        )}
        {note && (
          <Text size="xs" fw={500}>
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
