import { Alert, Radio, Stack } from '@mantine/core'
import type { OrderView, PayInstalmentBody, PlaceOrderResult } from '@palco/domain/checkout/contract'
import type { MethodsOffer } from '@palco/domain/checkout/methods'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { usePayInstalment } from '../hooks/use-pay-instalment'
import { instalmentMethods, type PayableParts } from '../model/instalment-plan'
import { usePlanLineName } from './instalment-schedule'
import { PaymentForm } from './payment-form'

/** Refusals that mean the plan moved meanwhile: the page reads it again and shows what is owed now. */
const PLAN_MOVED: ReadonlySet<string> = new Set(['AMOUNT_MISMATCH', 'ORDER_NOT_PAYABLE'])

/**
 * Paying a paguitos plan (issue 16): the next instalment or the whole balance, with any method of the
 * country (card, voucher, transfer, or the wallet when it covers the amount).
 */
export function InstalmentPayForm(props: {
  order: Pick<OrderView, 'id' | 'currency' | 'event'>
  parts: PayableParts
  offer: MethodsOffer
  walletBalance: number
  locale: Locale
  provider: BrowserPaymentConfig
  holderId?: { documentType: string; documentNumber: string }
  onPaid: (result: PlaceOrderResult) => void
  /** The plan moved meanwhile (a payment arrived, an amount changed): read it again. */
  onStale: () => void
  /** How many payments follow the deposit ("Payment 1 of 2"). */
  payments: number
}) {
  const { t } = useTranslation('checkout')
  const nameOf = usePlanLineName()
  const { order, parts, locale, onStale } = props
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, locale)
  const next = parts.next
  // Both choices only when they differ: the last instalment is the balance.
  const choice = next !== null && next.amount < parts.balance
  const [chosen, setChosen] = useState<PayInstalmentBody['part']>('NEXT')
  const part: PayInstalmentBody['part'] = choice ? chosen : next ? 'NEXT' : 'BALANCE'
  const amount = part === 'NEXT' && next ? next.amount : parts.balance
  const { pay, submitting, error } = usePayInstalment(order.id, part, amount, props.onPaid)
  const stale = error !== null && PLAN_MOVED.has(error.code)
  useEffect(() => {
    if (stale) onStale()
  }, [stale, onStale])

  return (
    <PaymentForm
      cart={{
        currency: order.currency,
        total: amount,
        walletBalance: props.walletBalance,
        methods: instalmentMethods(props.offer.methods),
        cashNetworks: props.offer.cashNetworks,
        transferKinds: props.offer.transferKinds,
      }}
      locale={locale}
      provider={props.provider}
      {...(props.holderId ? { holderId: props.holderId } : {})}
      submitting={submitting}
      onPay={(request) => void pay(request)}
      title={t('paguitos.payTitle')}
      walletShare={false}
      cardInstallments={false}
      lead={
        choice &&
        next && (
          <Radio.Group
            value={part}
            onChange={(v) => setChosen(v as PayInstalmentBody['part'])}
            label={t('paguitos.partLabel')}
            name="part"
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="NEXT"
                disabled={submitting}
                data-testid="part-NEXT"
                label={t('paguitos.partNext', { amount: money(next.amount) })}
                description={t('paguitos.partNextHint', {
                  payment: nameOf(next.seq, props.payments),
                  date: formatDate(next.dueAt, locale, order.event.timeZone),
                })}
              />
              <Radio
                value="BALANCE"
                disabled={submitting}
                data-testid="part-BALANCE"
                label={t('paguitos.partBalance', { amount: money(parts.balance) })}
                description={t('paguitos.partBalanceHint')}
              />
            </Stack>
          </Radio.Group>
        )
      }
      error={
        stale ? (
          <Alert color="orange" variant="light" role="alert" data-error-code={error?.code}>
            {t('paguitos.amountChanged')}
          </Alert>
        ) : (
          <ApiErrorAlert error={error} />
        )
      }
    />
  )
}
