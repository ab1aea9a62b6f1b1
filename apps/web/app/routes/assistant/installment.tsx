import { Alert, Text } from '@mantine/core'
import type { ShiftView } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import type { InstallmentQuote, OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import { type Locale, phonePrefixOf } from '@palco/domain/locale/country'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, redirect, useNavigate, useRevalidator } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { TitledSection } from '../../components/ui/titled-section'
import {
  payPlanAtCounter,
  planPath,
  planQuotePath,
  SHIFT_PATH,
} from '../../features/box-office/api/box-office'
import { NoShiftAlert } from '../../features/box-office/components/no-shift-alert'
import { PlanDepositForm } from '../../features/box-office/components/plan-deposit-form'
import { planTendersOf, TenderForm } from '../../features/box-office/components/tender-form'
import { hasParam, loadCart, uuidParam } from '../../features/checkout/api/load-checkout'
import {
  InstallmentPartChoice,
  useInstallmentPart,
} from '../../features/checkout/components/installment-part-choice'
import { PlanOrderStep } from '../../features/checkout/components/plan-order-step'
import { PlanQuoteStep } from '../../features/checkout/components/plan-quote-step'
import { COUNTER_CHECKOUT } from '../../features/checkout/model/checkout-actor'
import { type PlanPhase, payableParts } from '../../features/checkout/model/installment-plan'
import { type ApiError, asApiError } from '../../lib/api-client'
import type { Route } from './+types/installment'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/installment` (spec §2, the twin of /checkout/installment; issues 15 and 16), two pages in one:
 * - `?reservation=<id>`: the operator's hold sold on its event's paguitos plan — the schedule, the buyer (a
 *   fan with an email: the plan's reminders reach them), the payer's document, and the deposit taken in cash
 *   or at the card terminal in the open shift;
 * - `?order=<id>`: a plan of the country — where each payment stands — and its next installment or its whole
 *   balance taken at the counter. `&change=` says what to give back after a payment.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const shift = await context.api<{ shift: ShiftView | null }>(SHIFT_PATH)
  const shiftOpen = shift.status === 200 && shift.data.shift !== null
  const change = Number(url.searchParams.get('change') ?? '')
  const common = {
    shiftOpen,
    locale: context.locale,
    change: Number.isSafeInteger(change) && change >= 0 && url.searchParams.has('change') ? change : null,
  }
  if (hasParam(request, 'order')) {
    const orderId = uuidParam(request, 'order')
    const res = orderId ? await context.api<OrderView>(planPath(orderId)) : null
    if (res?.status !== 200 || !res.data.plan) throw data(null, { status: 404 })
    return { mode: 'order' as const, order: res.data, ...common }
  }
  if (!hasParam(request, 'reservation')) throw redirect('/assistant')
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, quote] = await Promise.all([
    loadCart(request, context, reservationId),
    context.api<InstallmentQuote>(planQuotePath(reservationId)),
  ])
  return {
    mode: 'buy' as const,
    ...cart,
    ...common,
    reservationId,
    quote: quote.status === 200 ? quote.data : null,
    phonePrefix: phonePrefixOf(context.country),
  }
}

export default function CounterInstallment({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'order') return <CounterPlanPage data={loaderData} />
  return <SellOnPlan data={loaderData} />
}

type BuyData = Extract<Route.ComponentProps['loaderData'], { mode: 'buy' }>
type OrderData = Extract<Route.ComponentProps['loaderData'], { mode: 'order' }>

/** `?reservation=`: the hold sold on the event's plan, the deposit taken at the counter. */
function SellOnPlan({ data: loaderData }: { data: BuyData }) {
  const { locale, shiftOpen } = loaderData
  return (
    <PlanQuoteStep
      actor={COUNTER_CHECKOUT}
      hold={{ ...loaderData, eventSlug: loaderData.cart?.event.slug ?? null }}
      quote={loaderData.quote}
      locale={locale}
      notice={!shiftOpen && <NoShiftAlert />}
      deposit={(step) => (
        <PlanDepositForm
          {...step}
          reservationId={loaderData.reservationId}
          locale={locale}
          phonePrefix={loaderData.phonePrefix}
          disabled={step.expired || !shiftOpen}
        />
      )}
    />
  )
}

/** `?order=`: a plan of the country, and its next installment or balance taken at the counter. */
function CounterPlanPage({ data: loaderData }: { data: OrderData }) {
  const { t } = useTranslation('boxoffice')
  const { order, locale, change, shiftOpen } = loaderData
  const plan = order.plan as OrderPlan
  const open = (phase: PlanPhase) => phase === 'OPEN' || phase === 'OVERDUE'
  return (
    <PlanOrderStep
      actor={COUNTER_CHECKOUT}
      order={order}
      plan={plan}
      locale={locale}
      notice={(phase) => (
        <>
          {change !== null && (
            <Alert color="teal" variant="light" role="status" data-testid="plan-payment-taken">
              {t('plan.taken', { change: formatMoney({ amount: change, currency: order.currency }, locale) })}
            </Alert>
          )}
          {open(phase) && !shiftOpen && <NoShiftAlert />}
        </>
      )}
    >
      {(phase) =>
        open(phase) && <PlanPayment order={order} plan={plan} locale={locale} disabled={!shiftOpen} />
      }
    </PlanOrderStep>
  )
}

/**
 * An open plan's next installment or whole balance taken in tenders, the part chosen as the fan chooses it
 * online; or, when every payment left is under way (a voucher, a transfer), the wait for them.
 */
function PlanPayment(props: { order: OrderView; plan: OrderPlan; locale: Locale; disabled: boolean }) {
  const { t } = useTranslation('boxoffice')
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()
  const { order, locale } = props
  const parts = payableParts(order)
  const { choice, part, amount, setPart } = useInstallmentPart(parts)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  // One key per amount shown: a double tap takes one payment; after it, the next gets its own.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID())
  const take = async (tenders: CounterTenderEntry[]) => {
    setBusy(true)
    setFailed(null)
    try {
      const paid = await payPlanAtCounter(order.id, {
        part,
        expectedAmount: amount,
        tenders: planTendersOf(tenders),
        idempotencyKey,
      })
      setKey(crypto.randomUUID())
      navigate(`/assistant/installment?order=${order.id}&change=${paid.change}`, { replace: true })
    } catch (err) {
      const error = asApiError(err)
      setFailed(error)
      // The plan moved meanwhile (paid online, an amount changed): read it again.
      if (error.code === 'AMOUNT_MISMATCH' || error.code === 'ORDER_NOT_PAYABLE') void revalidate()
    } finally {
      setBusy(false)
    }
  }
  if (parts.balance === 0)
    return (
      <Text size="sm" data-testid="plan-in-flight">
        {t('plan.inFlight')}
      </Text>
    )
  const money = formatMoney({ amount, currency: order.currency }, locale)
  return (
    <TitledSection titleSize="h4" title={t('plan.takeTitle', { amount: money })}>
      {choice && (
        <InstallmentPartChoice
          parts={parts}
          part={part}
          onChange={setPart}
          disabled={busy}
          payments={props.plan.lines.length - 1}
          currency={order.currency}
          locale={locale}
          timeZone={order.event.timeZone}
        />
      )}
      <TenderForm
        // A new amount is a new count of the cash: the form starts again.
        key={`${part}-${amount}`}
        total={amount}
        currency={order.currency}
        locale={locale}
        busy={busy}
        disabled={props.disabled}
        onSubmit={(tenders) => void take(tenders)}
      />
      <ApiErrorAlert error={failed} />
    </TitledSection>
  )
}
