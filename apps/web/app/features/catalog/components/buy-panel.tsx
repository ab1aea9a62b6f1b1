import { Button, Stack, Text } from '@mantine/core'
import { checkoutPathOf } from '@palco/domain/catalog/checkout-path'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * The price from and the one primary action. When the event cannot be bought the button is replaced by
 * the reason, so nobody walks into a checkout that will refuse them.
 */
export function BuyPanel({ event, locale }: { event: EventDetail; locale: Locale }) {
  const { t } = useTranslation('catalog')
  const tz = event.venue.timeZone
  const buyable = event.onSale && !event.soldOut
  let note: string | null = null
  if (event.soldOut) note = t('event.soldOutNote')
  else if (event.notYetOnSale)
    note = t('event.opensOn', {
      date: formatDate(event.onSaleAt, locale, tz),
      time: formatTime(event.onSaleAt, locale, tz),
    })
  else if (!event.onSale) note = t('event.salesClosed')
  return (
    <Stack gap="sm">
      <Text fw={700} size="xl" data-testid="price-from">
        {event.priceFrom
          ? t('event.priceFrom', { price: formatMoney(event.priceFrom, locale) })
          : t('event.free')}
      </Text>
      {buyable ? (
        <Button component={Link} to={checkoutPathOf(event)} size="lg" data-testid="buy-tickets">
          {t('event.buy')}
        </Button>
      ) : (
        <Text fw={600} data-testid="not-buyable">
          {event.soldOut ? `${t('event.soldOut')}. ` : ''}
          {note}
        </Text>
      )}
      {event.installmentsEnabled && buyable && (
        <Text size="sm" c="teal.9">
          {t('event.paguitos')}
        </Text>
      )}
    </Stack>
  )
}
