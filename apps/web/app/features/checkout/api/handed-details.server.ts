import { cookieValue } from '../../../lib/cookie-value'
import { detailsResolver } from '../model/checkout-form-schemas'
import type { DetailsForm, DetailsFormInput } from '../model/checkout-forms'
import {
  asSavedDetails,
  DETAILS_FIELDS,
  type DetailsProblems,
  type SavedDetails,
} from '../model/checkout-session'

/**
 * `/checkout`'s contact and billing forms sent by the browser itself: "Continue to payment" tapped before the
 * page's script ran (issue 13) posts them to the payment page, as any form would. Its server checks them with
 * the schema `/checkout` uses and hands the verdict on in a cookie, which the next page's loader reads once and
 * clears: right details to the payment page (or the participants' forms first), which keeps them in the tab as
 * the script would have (checkout-session.ts); wrong ones back to `/checkout`, which shows them with their
 * problems. Never in the URL: they are personal data.
 */

const COOKIE = 'palco_checkout_details'
/** Long enough for the redirect that follows, and for a slow phone; the hold itself lasts longer. */
const MAX_AGE_SECONDS = 10 * 60

export type PostedDetails =
  | { ok: true; details: SavedDetails }
  | { ok: false; raw: DetailsFormInput; errors: DetailsProblems }

/** The posted fields as the form holds them (missing ones empty), checked as the page checks them. */
export async function readPostedDetails(form: FormData): Promise<PostedDetails> {
  const group = <K extends string>(name: string, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, String(form.get(`${name}.${key}`) ?? '')])) as Record<
      K,
      string
    >
  const raw = {
    contact: group('contact', DETAILS_FIELDS.contact),
    billing: group('billing', DETAILS_FIELDS.billing),
  } as DetailsFormInput
  const result = await detailsResolver(raw, undefined, { fields: {}, shouldUseNativeValidation: false })
  if (Object.keys(result.errors).length > 0) return { ok: false, raw, errors: withoutRefs(result.errors) }
  return { ok: true, details: { raw, parsed: result.values as DetailsForm } }
}

/** Errors as data for the page (the resolver's field refs are DOM nodes in a browser, and nothing here). */
function withoutRefs(errors: object): DetailsProblems {
  return JSON.parse(JSON.stringify(errors, (key, value) => (key === 'ref' ? undefined : value)))
}

const secureFor = (request: Request) => new URL(request.url).protocol === 'https:'
const cookie = (request: Request, value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=/checkout; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureFor(request) ? '; Secure' : ''}`

/** The Set-Cookie that hands the verdict on posted details for a reservation to the next checkout page. */
export const handOverCookie = (request: Request, reservationId: string, posted: PostedDetails): string =>
  cookie(
    request,
    Buffer.from(JSON.stringify({ reservationId, ...posted })).toString('base64url'),
    MAX_AGE_SECONDS,
  )

/**
 * The verdict handed over for this reservation, with the Set-Cookie that clears the cookie (present or not
 * for this reservation: it is read once). Null and no header when there is no such cookie.
 */
export function takeHandedDetails(
  request: Request,
  reservationId: string,
): { posted: PostedDetails | null; clear: string } | null {
  const value = cookieValue(request.headers.get('cookie'), COOKIE)
  if (value === undefined) return null
  const clear = cookie(request, '', 0)
  try {
    const handed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    return { posted: handed?.reservationId === reservationId ? asPosted(handed) : null, clear }
  } catch {
    return { posted: null, clear }
  }
}

/** A verdict of the shape this module writes, or null. */
function asPosted(value: {
  ok?: unknown
  details?: unknown
  raw?: unknown
  errors?: unknown
}): PostedDetails | null {
  if (value.ok === true) {
    const details = asSavedDetails(value.details)
    return details ? { ok: true, details } : null
  }
  const raw = asSavedDetails({ raw: value.raw, parsed: value.raw })?.raw
  const errors = value.errors
  return raw && typeof errors === 'object' && errors !== null
    ? { ok: false, raw, errors: errors as DetailsProblems }
    : null
}
