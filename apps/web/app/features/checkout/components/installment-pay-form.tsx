import { Alert } from '@mantine/core'
import type { OrderView, PlaceOrderResult } from '@palco/domain/checkout/contract'
import type { MethodsOffer } from '@palco/domain/checkout/methods'
import type { Locale } from '@palco/domain/locale/country'
import { installmentMethodsOf } from '@palco/domain/plans/deposit-methods'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { usePayInstallment } from '../hooks/use-pay-installment'
import type { PayableParts } from '../model/installment-plan'
import { InstallmentPartChoice, useInstallmentPart } from './installment-part-choice'
import { PaymentForm } from './payment-form'

/** Refusals that mean the plan moved meanwhile: the page reads it again and shows what is owed now. */
const PLAN_MOVED: ReadonlySet<string> = new Set(['AMOUNT_MISMATCH', 'ORDER_NOT_PAYABLE'])

/**
 * Paying a paguitos plan (issue 16): the next installment or the whole balance, with any method of the
 * country (card, voucher, transfer, or the wallet when it covers the amount).
 */
export function InstallmentPayForm(props: {
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
  const { order, parts, locale, onStale } = props
  const { choice, part, amount, setPart } = useInstallmentPart(parts)
  const { pay, submitting, error } = usePayInstallment(order.id, part, amount, props.onPaid)
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
        methods: installmentMethodsOf(props.offer.methods),
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
        choice && (
          <InstallmentPartChoice
            parts={parts}
            part={part}
            onChange={setPart}
            disabled={submitting}
            payments={props.payments}
            currency={order.currency}
            locale={locale}
            timeZone={order.event.timeZone}
          />
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
