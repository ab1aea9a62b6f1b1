import type { CourtesyQuota, CourtesyReasonList, ShiftView } from '@palco/domain/box-office/contract'
import type { InstallmentQuote } from '@palco/domain/checkout/contract'
import { phonePrefixOf } from '@palco/domain/locale/country'
import { data, redirect } from 'react-router'
import { courtesyQuotaPath, planQuotePath, SHIFT_PATH } from '../../features/box-office/api/box-office'
import { CounterSaleForm } from '../../features/box-office/components/counter-sale-form'
import { NoShiftAlert } from '../../features/box-office/components/no-shift-alert'
import { hasParam, loadCart, uuidParam } from '../../features/checkout/api/load-checkout'
import { HoldStep } from '../../features/checkout/components/hold-step'
import { COUNTER_CHECKOUT } from '../../features/checkout/model/checkout-actor'
import type { Route } from './+types/buy'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/buy?reservation=<id>`: the counter sale (issue 15 parts 2 and 3). The operator's hold with its
 * timer and summary (the fans' components), the buyer, and the tenders; charging records the sale in the
 * open shift and leads to its receipt. Or the buyer pays later, by voucher or SPEI: the counter then hands
 * over the instructions from the fans' own voucher or transfer page. Or the seats are reserved for the buyer
 * until a deadline, to be paid at any counter with the receipt's code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!hasParam(request, 'reservation')) throw redirect('/assistant')
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, shift, reasons, plan] = await Promise.all([
    loadCart(request, context, reservationId),
    context.api<{ shift: ShiftView | null }>(SHIFT_PATH),
    context.api<CourtesyReasonList>('/api/checkout-service/courtesy-reasons'),
    context.api<InstallmentQuote>(planQuotePath(reservationId)),
  ])
  // An inscription's participants are asked for first, as online (issue 17): the sale needs them.
  if (cart.cart?.participantsForm === 'TO_FILL')
    throw redirect(`/assistant/inscriptions/form?reservation=${reservationId}`)
  const quota = cart.cart ? await context.api<CourtesyQuota>(courtesyQuotaPath(cart.cart.event.id)) : null
  return {
    ...cart,
    courtesy: {
      reasons: reasons.status === 200 ? reasons.data.reasons : [],
      quota: quota?.status === 200 ? quota.data : null,
      places: cart.cart?.lines.length ?? 0,
    },
    reservationId,
    // The event's paguitos plan for this hold, when it has one that fits: sold from its own page (issue 16).
    planSchedule: plan.status === 200 ? plan.data.schedule : null,
    shiftOpen: shift.status === 200 && shift.data.shift !== null,
    locale: context.locale,
    phonePrefix: phonePrefixOf(context.country),
    // An admin at the counter may lower a price further than an operator (the server checks it again).
    admin: context.session?.roles.includes('admin') ?? false,
  }
}

export default function CounterSale({ loaderData }: Route.ComponentProps) {
  const { locale, shiftOpen } = loaderData
  return (
    <HoldStep
      actor={COUNTER_CHECKOUT}
      step="buy"
      hold={{ ...loaderData, eventSlug: loaderData.cart?.event.slug ?? null }}
      locale={locale}
      notice={!shiftOpen && <NoShiftAlert />}
    >
      {(step) => <CounterSaleForm {...loaderData} cart={step.cart} disabled={step.expired || !shiftOpen} />}
    </HoldStep>
  )
}
