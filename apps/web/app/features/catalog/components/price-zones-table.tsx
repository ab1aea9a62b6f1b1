import { Badge, Table, Text } from '@mantine/core'
import type { PriceZone } from '@palco/domain/catalog/event-detail'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'

// Below this many places left a zone says how many, so a fan knows to hurry.
const FEW_PLACES = 20

function Availability({ zone }: { zone: PriceZone }) {
  const { t } = useTranslation('catalog')
  if (zone.soldOut)
    return (
      <Badge color="red.9" variant="light" data-testid="zone-sold-out">
        {t('event.zones.soldOut')}
      </Badge>
    )
  if (zone.available !== null && zone.available <= FEW_PLACES)
    return <Text c="red.9">{t('event.zones.few', { count: zone.available })}</Text>
  return <Text c="teal.9">{t('event.zones.available')}</Text>
}

export function PriceZonesTable({ zones, locale }: { zones: PriceZone[]; locale: Locale }) {
  const { t } = useTranslation('catalog')
  if (zones.length === 0) return <MutedText>{t('event.zones.none')}</MutedText>
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped verticalSpacing="sm" data-testid="price-zones">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('event.zones.zone')}</Table.Th>
            <Table.Th scope="col">{t('event.zones.price')}</Table.Th>
            <Table.Th scope="col">{t('event.zones.availability')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zones.map((zone) => (
            <Table.Tr key={zone.id}>
              <Table.Th scope="row" fw={500}>
                {zone.name}
              </Table.Th>
              <Table.Td data-testid="zone-price">
                {zone.price.amount > 0 ? formatMoney(zone.price, locale) : t('event.zones.free')}
              </Table.Td>
              <Table.Td>
                <Availability zone={zone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
