import { Button } from '@mantine/core'
import type { Cart, HostedPaymentResult, PlaceOrderResult } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import { depositMethodsOf } from '@palco/domain/plans/deposit-methods'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import type { ApiError } from '../../../lib/api-client'
import { placeInstallmentOrder } from '../api/installment'
import { removePromo } from '../api/remove-promo'
import { usePay } from '../hooks/use-pay'
import type { DetailsForm } from '../model/checkout-forms'
import { PaymentForm } from './payment-form'

const PROMO_REFUSALS: ReadonlySet<string> = new Set([
  'PROMO_CODE_INVALID',
  'PROMO_CODE_EXHAUSTED',
  'PROMO_CODE_ALREADY_USED',
])

/**
 * The payment step of a cart (`/checkout/buy`, and `/checkout/installment?reservation=` for a paguitos
 * purchase): the payment form, the order it places, and the refusals it shows. With `deposit`, the order is a
 * paguitos purchase: the provider's methods (no wallet, no hosted page) are asked for the deposit only, and a
 * card may be saved to pay the installments when due (`canSaveCard`).
 */
export function BuyForm(props: {
  cart: Cart
  /** Null until read from the tab (paying waits for them). */
  details: DetailsForm | null
  locale: Locale
  onPlaced: (result: PlaceOrderResult) => void
  onHosted: (result: HostedPaymentResult) => void
  provider: BrowserPaymentConfig
  onHoldExpired: () => void
  /** A paguitos purchase's deposit (issue 16), what the method is charged now. */
  deposit?: number
  /**
   * With `deposit`: the provider can keep the card (the quote's `canSaveCard`), so the form offers to save it
   * and charge each installment on it when due.
   */
  canSaveCard?: boolean
}) {
  const { t } = useTranslation('checkout')
  const { cart, deposit } = props
  const { pay, submitting, error } = usePay(
    cart,
    props.details,
    props.onPlaced,
    props.onHosted,
    deposit === undefined ? undefined : placeInstallmentOrder,
  )
  const revalidator = useRevalidator()
  const { onHoldExpired } = props
  // A changed total is shown before another try; a lapsed hold ends the page.
  useEffect(() => {
    if (error?.code === 'AMOUNT_MISMATCH') void revalidator.revalidate()
    if (error?.code === 'HOLD_EXPIRED') onHoldExpired()
  }, [error, onHoldExpired, revalidator])
  // A code kept on the reservation that no longer applies (the fan spent it in another purchase) refuses
  // every payment, and the cart no longer shows it to remove: the refusal offers to go on without it.
  const [dropped, setDropped] = useState<ApiError | null>(null)
  const [dropping, setDropping] = useState(false)
  const shown = error && error !== dropped ? error : null
  const dropCode = async () => {
    setDropping(true)
    try {
      await removePromo(cart.reservationId)
      setDropped(error)
      await revalidator.revalidate()
    } finally {
      setDropping(false)
    }
  }
  const figures =
    deposit === undefined
      ? cart
      : { ...cart, total: deposit, walletBalance: 0, methods: depositMethodsOf(cart.methods) }
  return (
    <PaymentForm
      cart={figures}
      locale={props.locale}
      provider={props.provider}
      {...(props.details ? { holderId: props.details.billing } : {})}
      submitting={submitting}
      onPay={(request) => void pay(request)}
      {...(deposit === undefined
        ? {}
        : {
            walletShare: false,
            cardInstallments: false,
            offerSaveCard: props.canSaveCard === true,
            submitLabel: (amount: string) => t('paguitos.payDeposit', { amount }),
          })}
      error={
        <ApiErrorAlert error={shown} {...(cart.presale ? { values: { sponsor: cart.presale.sponsor } } : {})}>
          {shown && PROMO_REFUSALS.has(shown.code) && (
            <Button
              size="xs"
              variant="default"
              loading={dropping}
              onClick={() => void dropCode()}
              data-testid="drop-promo"
            >
              {t('promo.continueWithout')}
            </Button>
          )}
        </ApiErrorAlert>
      }
    />
  )
}
