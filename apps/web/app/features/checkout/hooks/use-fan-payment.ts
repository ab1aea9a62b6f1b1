import type { Cart, HostedPaymentResult, PlaceOrderResult } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { rememberOrder, type SavedDetails, sessionStore, takeDetails } from '../model/checkout-session'
import { isExternalUrl } from '../model/result-route'

/**
 * A fan's paying step (`/checkout/buy`, a plan's deposit): the contact and billing forms it pays with, filled
 * on /checkout in this tab (or sent from there by the browser itself and handed over by the server, `handed`)
 * — without them, back to `leaveFor` unless it is null (the step has nothing to pay and says so) — and what
 * follows a placed order: this tab remembers its hold (the fail page offers another method for the seats still
 * held), then the order's next page, the provider's or ours.
 */
export function useFanPayment(step: {
  reservationId: string
  cart: Cart | null
  handed: SavedDetails | null
  leaveFor: string | null
  locale: Locale
  provider: BrowserPaymentConfig
}) {
  const navigate = useNavigate()
  const { reservationId, cart, handed, leaveFor } = step
  const [details, setDetails] = useState<SavedDetails | null>(null)
  useEffect(() => {
    const saved = takeDetails(sessionStore(), reservationId, handed)
    if (saved) setDetails(saved)
    else if (leaveFor) navigate(leaveFor, { replace: true })
  }, [reservationId, handed, leaveFor, navigate])

  const onPlaced = useCallback(
    (result: PlaceOrderResult) => {
      rememberOrder(sessionStore(), result.order.id, { reservationId, eventSlug: result.order.event.slug })
      if (isExternalUrl(result.next)) window.location.assign(result.next)
      else navigate(result.next)
    },
    [navigate, reservationId],
  )
  // The provider's hosted page: this tab remembers the order, as for any payment that leaves the site.
  const onHosted = useCallback(
    (result: HostedPaymentResult) => {
      if (cart) rememberOrder(sessionStore(), result.orderId, { reservationId, eventSlug: cart.event.slug })
      window.location.assign(result.redirectUrl)
    },
    [cart, reservationId],
  )
  const form = { details: details?.parsed ?? null, locale: step.locale, provider: step.provider }
  return { details, form: { ...form, onPlaced, onHosted } }
}
