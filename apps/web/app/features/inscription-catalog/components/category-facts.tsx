import { Group, Text } from '@mantine/core'
import type { PriceZone } from '@palco/domain/catalog/event-detail'
import { formatMoney, formatNumber } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { ageRuleWording, categoryAvailability } from '../model/categories'
import classes from './inscription-card.module.css'

/** What a fan weighs before picking a category: price, places, how many per person, and who may run. */
export function CategoryFacts({ zone, locale }: { zone: PriceZone; locale: Locale }) {
  const { t } = useTranslation('inscriptions')
  const availability = categoryAvailability(zone)
  const age = ageRuleWording(zone.ageRule)
  return (
    <Group component="span" wrap="wrap" style={{ rowGap: 4, columnGap: 'var(--mantine-spacing-md)' }}>
      <Text component="span" size="sm" fw={600} data-testid="category-price">
        {zone.price.amount > 0 ? formatMoney(zone.price, locale) : t('detail.categories.free')}
      </Text>
      <Text
        component="span"
        size="sm"
        fw={600}
        className={availability.state === 'full' ? classes.full : classes.open}
        data-testid="category-places"
      >
        {availability.state === 'full'
          ? t('detail.categories.full')
          : availability.placesLeft === null
            ? t('detail.categories.open')
            : t('detail.categories.placesLeft', {
                count: availability.placesLeft,
                places: formatNumber(availability.placesLeft, locale),
              })}
      </Text>
      {availability.state === 'open' && (
        <Text component="span" size="sm">
          {t('detail.categories.perFan', { count: zone.perFanMax })}
        </Text>
      )}
      {age && (
        <Text component="span" size="sm" data-testid="category-age">
          {t(`detail.ageRule.${age.key}`, age.values)}
        </Text>
      )}
    </Group>
  )
}
