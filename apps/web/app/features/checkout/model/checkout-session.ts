import type { DetailsForm, DetailsFormInput } from './checkout-forms'

/**
 * What checkout keeps in the tab's sessionStorage (never localStorage: it holds personal data and must go
 * with the tab). The contact and billing forms travel from `/checkout` to `/checkout/buy` keyed by the
 * reservation; each placed order remembers its reservation, so the fail page can offer "try another payment
 * method" for the seats still held (the order view does not carry the reservation id).
 */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const detailsKey = (reservationId: string) => `palco.checkout.details.${reservationId}`
const orderKey = (orderId: string) => `palco.checkout.order.${orderId}`

/** The browser's sessionStorage, or null where there is none (server render, privacy modes that throw). */
export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

function read(store: KeyValueStorage | null, key: string): unknown {
  try {
    const raw = store?.getItem(key)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

function write(store: KeyValueStorage | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value))
  } catch {
    // Full or disabled storage: the fan fills the form again, nothing worse.
  }
}

/** The forms as typed (to fill them again) and as validated (what the payment page sends). */
export interface SavedDetails {
  raw: DetailsFormInput
  parsed: DetailsForm
}

/** The two forms' fields by group (their inputs are named `contact.firstName`, `billing.fullName`…). */
export const DETAILS_FIELDS = {
  contact: ['firstName', 'lastName', 'email', 'phonePrefix', 'phone'],
  billing: ['fullName', 'documentType', 'documentNumber'],
} as const

/**
 * The shape of both forms, every field a string. The values were validated when saved and the API
 * validates the order again, so the payment page needs no schema (and no zod) to read them back.
 */
function isDetails(value: unknown): value is DetailsForm {
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(DETAILS_FIELDS).every(([group, keys]) => {
    const part = (value as Record<string, unknown>)[group]
    if (typeof part !== 'object' || part === null) return false
    return keys.every((key) => typeof (part as Record<string, unknown>)[key] === 'string')
  })
}

export const saveDetails = (store: KeyValueStorage | null, reservationId: string, details: SavedDetails) =>
  write(store, detailsKey(reservationId), details)

/** The problems of posted forms, by field, as data (a message key each, as the page's own check gives). */
export type DetailsProblems = {
  [G in keyof typeof DETAILS_FIELDS]?: Partial<
    Record<(typeof DETAILS_FIELDS)[G][number], { type: string; message?: string }>
  >
}

/** The forms as saved, or null when the value is not of their shape. */
export function asSavedDetails(value: unknown): SavedDetails | null {
  const saved = value as Partial<SavedDetails> | null
  return saved && isDetails(saved.raw) && isDetails(saved.parsed)
    ? { raw: saved.raw as DetailsFormInput, parsed: saved.parsed }
    : null
}

/** The saved forms, or null when missing or not of the forms' shape. */
export const loadDetails = (store: KeyValueStorage | null, reservationId: string): SavedDetails | null =>
  asSavedDetails(read(store, detailsKey(reservationId)))

/**
 * The forms for a checkout page: those the server handed over (sent by the browser itself, before the page's
 * script ran: api/handed-details.server.ts), kept in this tab from now on, else those the tab kept.
 */
export function takeDetails(
  store: KeyValueStorage | null,
  reservationId: string,
  handed: SavedDetails | null,
): SavedDetails | null {
  if (handed) saveDetails(store, reservationId, handed)
  return handed ?? loadDetails(store, reservationId)
}

export interface OrderTrail {
  reservationId: string
  eventSlug: string
}

export const rememberOrder = (store: KeyValueStorage | null, orderId: string, trail: OrderTrail) =>
  write(store, orderKey(orderId), trail)

export function orderTrail(store: KeyValueStorage | null, orderId: string): OrderTrail | null {
  const value = read(store, orderKey(orderId)) as Partial<OrderTrail> | null
  return value && typeof value.reservationId === 'string' && typeof value.eventSlug === 'string'
    ? { reservationId: value.reservationId, eventSlug: value.eventSlug }
    : null
}

/** After a paid order the forms are no longer needed. */
export function forgetCheckout(store: KeyValueStorage | null, orderId: string): void {
  const trail = orderTrail(store, orderId)
  try {
    if (trail) store?.removeItem(detailsKey(trail.reservationId))
    store?.removeItem(orderKey(orderId))
  } catch {
    // ignore
  }
}
