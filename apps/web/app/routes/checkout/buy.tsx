import { COUNTRIES, currencyOf } from '@palco/domain/locale/country-settings'
import { data, redirect } from 'react-router'
import {
  handOverCookie,
  readPostedDetails,
  takeHandedDetails,
} from '../../features/checkout/api/handed-details.server'
import {
  hasParam,
  loadCart,
  NO_EVENT_REDIRECT,
  requireFan,
  uuidParam,
} from '../../features/checkout/api/load-checkout'
import { BuyForm } from '../../features/checkout/components/buy-form'
import { BuyerCard } from '../../features/checkout/components/buyer-card'
import { HoldStep } from '../../features/checkout/components/hold-step'
import { useFanPayment } from '../../features/checkout/hooks/use-fan-payment'
import { FAN_CHECKOUT } from '../../features/checkout/model/checkout-actor'
import type { Route } from './+types/buy'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  if (!hasParam(request, 'reservation')) {
    // Nothing to pay yet: the event's tickets when it is named, else the home page to find one.
    const slug = new URL(request.url).searchParams.get('event')?.trim()
    throw redirect(slug ? `/checkout?event=${encodeURIComponent(slug)}` : NO_EVENT_REDIRECT)
  }
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const cart = await loadCart(request, context, reservationId)
  const slug = cart.cart?.event.slug ?? new URL(request.url).searchParams.get('event')
  // An inscription whose participants' forms are not sent yet cannot be paid: they come first (issue 17).
  if (cart.cart?.participantsForm === 'TO_FILL')
    throw redirect(
      `/checkout/inscriptions/form?reservation=${reservationId}&event=${encodeURIComponent(slug ?? '')}`,
    )
  // The provider of the cart's country pays (the event's country, which is normally the site's).
  const country = COUNTRIES.find((c) => currencyOf(c) === cart.cart?.currency) ?? context.country
  const handed = takeHandedDetails(request, reservationId)
  return data(
    {
      ...cart,
      reservationId,
      slug,
      locale: context.locale,
      provider: context.config.payments[country],
      handedDetails: handed?.posted?.ok ? handed.posted.details : null,
    },
    handed ? { headers: { 'set-cookie': handed.clear } } : {},
  )
}

/**
 * `/checkout`'s contact and billing forms as the browser itself sends them: "continue" tapped before that page's
 * script ran (issue 13). Checked as that page checks them, and handed on (handed-details.server.ts): right ones
 * to this page (or the participants' forms, which come first), wrong ones back to `/checkout` with their
 * problems and everything typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireFan(request, context)
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const posted = await readPostedDetails(await request.formData())
  const url = new URL(request.url)
  const slug = url.searchParams.get('event') ?? ''
  const next = posted.ok
    ? url.pathname + url.search
    : `/checkout?reservation=${reservationId}&event=${encodeURIComponent(slug)}`
  throw redirect(next, { headers: { 'set-cookie': handOverCookie(request, reservationId, posted) } })
}

/**
 * `/checkout/buy?reservation=<id>`: the fan's payment step — the payment method and the pay button (the
 * shared step draws the summary, the timer and the lapsed hold), and who the fan buys for.
 */
export default function CheckoutBuy({ loaderData }: Route.ComponentProps) {
  const { cart, slug } = loaderData
  const hold = { ...loaderData, eventSlug: slug }
  const cartHref = FAN_CHECKOUT.backFrom.buy(hold)
  // The contact and billing forms were filled on /checkout in this tab (or sent from there by the browser
  // itself, and handed over by the server); without them, back there.
  const { details, form } = useFanPayment({
    ...loaderData,
    handed: loaderData.handedDetails,
    leaveFor: cart ? cartHref : null,
  })
  return (
    <HoldStep
      actor={FAN_CHECKOUT}
      step="buy"
      hold={hold}
      locale={loaderData.locale}
      aside={() => details && <BuyerCard details={details} editHref={cartHref} />}
    >
      {(step) => (
        // Drawn by the server too, so a method can be chosen as soon as the page shows; the details it pays
        // with are this tab's, read once the script runs.
        <BuyForm {...form} cart={step.cart} onHoldExpired={step.onExpired} />
      )}
    </HoldStep>
  )
}
