import { Alert, List, Text } from '@mantine/core'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { PendingPayment } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'

/** A pending purchase's voucher or transfer: what to pay, with which reference, before when. */
export function PendingPaymentFacts(props: {
  pending: PendingPayment
  currency: Currency
  locale: Locale
  timeZone: string
}) {
  const { t } = useTranslation('tickets')
  const p = props.pending
  const at = `${formatDate(p.expiresAt, props.locale, props.timeZone)} ${formatTime(p.expiresAt, props.locale, props.timeZone)}`
  return (
    // The light yellow alert's own title colour reads at 2.7:1 on its background; the text colour passes.
    <Alert
      color="yellow"
      variant="light"
      title={t('purchases.pendingTitle')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="pending-payment"
    >
      <Text size="sm" mb="xs">
        {p.kind === 'CASH' ? t('purchases.pendingCash') : t('purchases.pendingTransfer')}
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          {t('purchases.reference')}:{' '}
          <Text span ff="monospace" fw={700}>
            {p.reference}
          </Text>
        </List.Item>
        {p.clabe && (
          <List.Item>
            {t('purchases.clabe')}:{' '}
            <Text span ff="monospace">
              {p.clabe}
            </Text>
          </List.Item>
        )}
        {p.bankName && (
          <List.Item>
            {t('purchases.bank')}: {p.bankName}
          </List.Item>
        )}
        <List.Item>
          {t('purchases.amount')}: {formatMoney({ amount: p.amount, currency: props.currency }, props.locale)}
        </List.Item>
        <List.Item>
          {t('purchases.expiresAt')}: <time dateTime={p.expiresAt}>{at}</time>
        </List.Item>
      </List>
    </Alert>
  )
}
