import { Stack, Text } from '@mantine/core'
import type { OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { formatClabe } from '../model/clabe'
import { Fact, Facts } from './payment-facts'

type Transfer = NonNullable<OrderView['transfer']>

/** What to type into the banking app for a SPEI transfer: CLABE, bank, reference, exact amount, deadline. */
export function SpeiDetails(props: {
  transfer: Transfer
  order: Pick<OrderView, 'currency' | 'event'>
  locale: Locale
}) {
  const { t } = useTranslation('checkout')
  const { transfer, order, locale } = props
  const tz = order.event.timeZone
  return (
    <Stack gap="sm" data-testid="spei-details">
      <Text size="sm">{t('transfer.speiLead')}</Text>
      <Facts>
        {transfer.clabe && (
          <Fact
            label={t('transfer.clabe')}
            value={formatClabe(transfer.clabe)}
            copy={transfer.clabe}
            mono
            testId="clabe"
          />
        )}
        {transfer.bankName && <Fact label={t('transfer.bank')} value={transfer.bankName} />}
        <Fact
          label={t('transfer.reference')}
          value={transfer.reference}
          copy={transfer.reference}
          mono
          testId="transfer-reference"
        />
        <Fact
          label={t('transfer.amount')}
          value={formatMoney({ amount: transfer.amount, currency: order.currency }, locale)}
          testId="transfer-amount"
        />
        <Fact
          label={t('transfer.expires')}
          value={t('facts.dateTime', {
            date: formatDate(transfer.expiresAt, locale, tz),
            time: formatTime(transfer.expiresAt, locale, tz),
          })}
        />
      </Facts>
      <Text size="xs" c="dimmed">
        {t('transfer.exactAmount')}
      </Text>
    </Stack>
  )
}
