import { Alert, Text } from '@mantine/core'
import type { InstallmentQuote } from '@palco/domain/checkout/contract'
import { methodsFor } from '@palco/domain/checkout/methods'
import { formatMoney } from '@palco/domain/format/format'
import { COUNTRIES, currencyOf } from '@palco/domain/locale/country-settings'
import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import { findSandboxPayment } from '../../features/checkout/api/find-sandbox-payment'
import { installmentQuotePath } from '../../features/checkout/api/installment'
import {
  hasParam,
  loadCart,
  loadOrder,
  NO_ORDER_REDIRECT,
  requireFan,
  uuidParam,
} from '../../features/checkout/api/load-checkout'
import { BuyForm } from '../../features/checkout/components/buy-form'
import { BuyerCard } from '../../features/checkout/components/buyer-card'
import { InstallmentPayForm } from '../../features/checkout/components/installment-pay-form'
import { PlanDueNotice } from '../../features/checkout/components/plan-due-notice'
import { PlanOrderStep } from '../../features/checkout/components/plan-order-step'
import { PlanQuoteStep } from '../../features/checkout/components/plan-quote-step'
import { SandboxLink } from '../../features/checkout/components/sandbox-link'
import { WaitingPayment } from '../../features/checkout/components/waiting-payment'
import { useFanPayment } from '../../features/checkout/hooks/use-fan-payment'
import { usePlanFollow } from '../../features/checkout/hooks/use-plan-follow'
import { FAN_CHECKOUT } from '../../features/checkout/model/checkout-actor'
import { payableParts, waitingPaymentOf } from '../../features/checkout/model/installment-plan'
import { pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/installment'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

const countryOfCurrency = (currency: string) => COUNTRIES.find((c) => currencyOf(c) === currency)

/**
 * `/checkout/installment` (spec §2; issue 16), two pages in one:
 * - `?reservation=<id>`: buying the reservation on its event's paguitos plan — the schedule, then the
 *   deposit paid by card, voucher or transfer (as /checkout/buy pays a whole order);
 * - `?order=<id>`: a bought plan — where each payment stands, a voucher or transfer still to pay, and paying
 *   the next installment or the whole balance. Mails and the locked tickets link here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  if (hasParam(request, 'order')) {
    const order = await loadOrder(request, context)
    // Not a plan (or one whose deposit is not paid yet): the order's own page says where it stands.
    if (!order.plan) throw redirect(pathOfOrder(order))
    const country = countryOfCurrency(order.currency) ?? context.country
    const waiting = waitingPaymentOf(order)
    const [balance, sandbox] = await Promise.all([
      context.api<{ balance: number; currency: string }>('/api/checkout-service/cart/balance'),
      waiting === 'VOUCHER' || waiting === 'TRANSFER' ? findSandboxPayment(context, order) : null,
    ])
    return {
      mode: 'order' as const,
      order,
      locale: context.locale,
      provider: context.config.payments[country],
      offer: methodsFor(country),
      // The wallet of the site's currency pays only an order in that currency.
      walletBalance:
        balance.status === 200 && balance.data.currency === order.currency ? balance.data.balance : 0,
      sandboxPaymentId: sandbox?.id ?? null,
    }
  }
  if (!hasParam(request, 'reservation')) throw redirect(NO_ORDER_REDIRECT)
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, quote] = await Promise.all([
    loadCart(request, context, reservationId),
    context
      .api<InstallmentQuote>(installmentQuotePath(reservationId))
      .then((res) => (res.status === 200 ? res.data : null))
      .catch(() => null),
  ])
  const slug = cart.cart?.event.slug ?? new URL(request.url).searchParams.get('event')
  const country = COUNTRIES.find((c) => currencyOf(c) === cart.cart?.currency) ?? context.country
  return {
    mode: 'buy' as const,
    ...cart,
    quote,
    reservationId,
    slug,
    locale: context.locale,
    provider: context.config.payments[country],
  }
}

export default function CheckoutInstallment({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'order') return <PlanPage data={loaderData} />
  return <BuyOnPlan data={loaderData} />
}

type BuyData = Extract<Route.ComponentProps['loaderData'], { mode: 'buy' }>
type OrderData = Extract<Route.ComponentProps['loaderData'], { mode: 'order' }>

/** `?reservation=`: the plan for this cart, and its deposit paid by the fan's own payment form. */
function BuyOnPlan({ data: loaderData }: { data: BuyData }) {
  const { t } = useTranslation('checkout')
  const { cart, slug, locale, quote } = loaderData
  const hold = { ...loaderData, eventSlug: slug }
  const cartHref = FAN_CHECKOUT.backFrom.installment(hold)
  // The contact and billing forms were filled on /checkout in this tab; without them, back there (unless
  // there is no plan to pay: that is said here, with the way to pay in full). A deposit is never paid on the
  // hosted page (the form does not offer it).
  const { details, form } = useFanPayment({
    ...loaderData,
    handed: null,
    leaveFor: cart && quote?.schedule ? cartHref : null,
  })
  return (
    <PlanQuoteStep
      actor={FAN_CHECKOUT}
      hold={hold}
      quote={quote}
      locale={locale}
      deposit={(step) => (
        <>
          <Text size="sm">{t('paguitos.depositMethods')}</Text>
          <BuyForm
            {...form}
            cart={step.cart}
            onHoldExpired={step.onExpired}
            deposit={step.schedule.deposit}
            canSaveCard={quote?.canSaveCard === true}
          />
        </>
      )}
      aside={({ schedule, cart }) => (
        <>
          {schedule && (
            <Text size="sm" data-testid="paguitos-deposit-today">
              {t('paguitos.deposit')}:{' '}
              <strong>{formatMoney({ amount: schedule.deposit, currency: cart.currency }, locale)}</strong>
            </Text>
          )}
          {details && <BuyerCard details={details} editHref={cartHref} />}
        </>
      )}
    />
  )
}

/** `?order=`: a bought plan, where it stands, and paying what is next. */
function PlanPage({ data: loaderData }: { data: OrderData }) {
  const { t } = useTranslation('checkout')
  const { locale } = loaderData
  const { order, plan, waiting, received, onPaid, onStale } = usePlanFollow(loaderData.order)
  const parts = payableParts(order)
  return (
    <PlanOrderStep
      actor={FAN_CHECKOUT}
      order={order}
      plan={plan}
      locale={locale}
      news={(phase) => (
        <>
          {received && phase !== 'PAID' && (
            <Alert color="teal" variant="light" role="status" data-testid="paguitos-received">
              {t('paguitos.received')}
            </Alert>
          )}
          <PlanDueNotice
            plan={plan}
            phase={phase}
            currency={order.currency}
            locale={locale}
            timeZone={order.event.timeZone}
          />
        </>
      )}
    >
      {(phase) => {
        const settling = phase !== 'CANCELLED' && phase !== 'PAID'
        return (
          <>
            {settling && waiting !== null && (
              <WaitingPayment order={order} waiting={waiting} locale={locale} />
            )}
            {phase !== 'CANCELLED' && waiting !== null && (
              <SandboxLink paymentId={loaderData.sandboxPaymentId} />
            )}
            {settling && waiting === null && parts.balance > 0 && (
              <InstallmentPayForm
                order={order}
                parts={parts}
                payments={plan.lines.length - 1}
                offer={loaderData.offer}
                walletBalance={loaderData.walletBalance}
                locale={locale}
                provider={loaderData.provider}
                onPaid={onPaid}
                onStale={onStale}
              />
            )}
          </>
        )
      }}
    </PlanOrderStep>
  )
}
