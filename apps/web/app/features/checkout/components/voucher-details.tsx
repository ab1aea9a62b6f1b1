import { Stack, Text } from '@mantine/core'
import type { OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Barcode } from './barcode'
import { Fact, Facts } from './payment-facts'

type Voucher = NonNullable<OrderView['voucher']>

/** The voucher to show at the till: network, reference, barcode, exact amount and the deadline. */
export function VoucherDetails(props: {
  voucher: Voucher
  order: Pick<OrderView, 'currency' | 'event'>
  locale: Locale
}) {
  const { t } = useTranslation('checkout')
  const { voucher, order, locale } = props
  const tz = order.event.timeZone
  return (
    <Stack gap="md" data-testid="voucher">
      <Facts>
        <Fact label={t('voucher.where')} value={t(`networks.${voucher.network}`)} testId="voucher-network" />
        <Fact
          label={t('voucher.reference')}
          value={voucher.reference}
          copy={voucher.reference}
          mono
          testId="voucher-reference"
        />
        <Fact
          label={t('voucher.amount')}
          value={formatMoney({ amount: voucher.amount, currency: order.currency }, locale)}
          testId="voucher-amount"
        />
        <Fact
          label={t('voucher.expires')}
          value={t('facts.dateTime', {
            date: formatDate(voucher.expiresAt, locale, tz),
            time: formatTime(voucher.expiresAt, locale, tz),
          })}
          testId="voucher-expires"
        />
      </Facts>
      {voucher.barcode && (
        <Stack gap={4} maw={420} w="100%">
          <Barcode value={voucher.barcode} label={t('voucher.barcodeLabel', { digits: voucher.barcode })} />
          <Text
            ff="monospace"
            size="sm"
            ta="center"
            style={{ letterSpacing: 2, overflowWrap: 'anywhere' }}
            aria-hidden
          >
            {voucher.barcode}
          </Text>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t('voucher.timeZone', { zone: tz })}
      </Text>
    </Stack>
  )
}
