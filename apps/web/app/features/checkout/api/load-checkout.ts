import type { Cart, OrderView } from '@palco/domain/checkout/contract'
import type { Fan } from '@palco/domain/people/fan'
import { type AppLoadContext, data, redirect } from 'react-router'
import { cartPath } from './get-cart'
import { orderPath } from './get-order'

/**
 * Loader helpers of the checkout pages (server side, through the in-process API). Checkout needs a
 * logged-in fan: a visitor, or a session that ended, goes to the login page and comes back here.
 */

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  return redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
}

export function requireFan(request: Request, context: AppLoadContext): void {
  if (!context.session) throw loginRedirect(request)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Where a checkout page sent without what it shows leads (issue 13; docs/decisions.md, Checkout): the
 * entry pages, which need an event or a hold, to the home page and its search; the result pages, which
 * need an order, to the fan's purchases, where every order and its state is. A value that is there but
 * wrong (an unknown or malformed id) is still a 404: that link is broken, not merely incomplete.
 */
export const NO_EVENT_REDIRECT = '/'
export const NO_ORDER_REDIRECT = '/my-purchases'

/** Whether the query names `name` at all (an empty value counts as not naming it). */
export function hasParam(request: Request, name: string): boolean {
  return (new URL(request.url).searchParams.get(name)?.trim() ?? '') !== ''
}

/** A uuid query parameter, or null. */
export function uuidParam(request: Request, name: string): string | null {
  const value = new URL(request.url).searchParams.get(name)?.trim() ?? ''
  return UUID.test(value) ? value : null
}

export type CartLoad = { cart: Cart; errorCode: null } | { cart: null; errorCode: string }

/** The fan's cart for a reservation, or the problem code that explains why there is none. */
export async function loadCart(
  request: Request,
  context: AppLoadContext,
  reservationId: string,
): Promise<CartLoad> {
  const res = await context.api<Cart | { code?: string }>(cartPath(reservationId))
  if (res.status === 401) throw loginRedirect(request)
  if (res.status === 200) return { cart: res.data as Cart, errorCode: null }
  const code = (res.data as { code?: string } | null)?.code
  return {
    cart: null,
    errorCode: typeof code === 'string' ? code : res.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
  }
}

/** The order of `?order=`; without one, the fan's purchases; an unknown or foreign one is a 404. */
export async function loadOrder(request: Request, context: AppLoadContext): Promise<OrderView> {
  requireFan(request, context)
  if (!hasParam(request, 'order')) throw redirect(NO_ORDER_REDIRECT)
  const orderId = uuidParam(request, 'order')
  if (!orderId) throw data(null, { status: 404 })
  const res = await context.api<OrderView>(orderPath(orderId))
  if (res.status === 401) throw loginRedirect(request)
  if (res.status === 404 || res.status === 403) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return res.data
}

/** The fan's profile for prefilling the forms; null if it cannot be read (the forms start empty). */
export async function loadFan(context: AppLoadContext): Promise<Fan | null> {
  const res = await context.api<Fan>('/api/fan')
  return res.status === 200 ? res.data : null
}
