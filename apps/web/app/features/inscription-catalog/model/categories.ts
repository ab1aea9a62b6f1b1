import type { PriceZone } from '@palco/domain/catalog/event-detail'

/**
 * The most participants one sign-up holds at once, whatever a category allows: the same ceiling as the
 * zone picker's quantity, so a page never offers a number the hold would refuse.
 */
export const MAX_PARTICIPANTS = 10

export type AgeRule = NonNullable<PriceZone['ageRule']>

/**
 * Which sentence describes an age rule, as an i18n key under `detail.ageRule` and its values. An open
 * bound (null, or a minimum of 0) is no bound; a rule that bounds nothing says nothing.
 */
export type AgeRuleWording =
  | { key: 'exactly'; values: { age: number } }
  | { key: 'between'; values: { min: number; max: number } }
  | { key: 'atLeast'; values: { min: number } }
  | { key: 'atMost'; values: { max: number } }

export function ageRuleWording(rule: AgeRule | null): AgeRuleWording | null {
  if (!rule) return null
  const min = rule.minAge !== null && rule.minAge > 0 ? rule.minAge : null
  const max = rule.maxAge
  if (min !== null && max !== null) {
    return min === max ? { key: 'exactly', values: { age: min } } : { key: 'between', values: { min, max } }
  }
  if (min !== null) return { key: 'atLeast', values: { min } }
  if (max !== null) return { key: 'atMost', values: { max } }
  return null
}

/**
 * What a fan can do with one category: sign up from 1 to `maxParticipants` people (the per-fan limit, the
 * places left and the page's ceiling, whichever is lowest), or nothing because it is full. `placesLeft` is
 * null for a category with no stated capacity.
 */
export type CategoryAvailability =
  | { state: 'full' }
  | { state: 'open'; placesLeft: number | null; maxParticipants: number }

export function categoryAvailability(
  zone: Pick<PriceZone, 'available' | 'soldOut' | 'perFanMax'>,
): CategoryAvailability {
  const placesLeft = zone.available === null ? null : Math.max(0, zone.available)
  const maxParticipants = Math.max(
    0,
    Math.min(MAX_PARTICIPANTS, zone.perFanMax, placesLeft ?? MAX_PARTICIPANTS),
  )
  if (zone.soldOut || maxParticipants === 0) return { state: 'full' }
  return { state: 'open', placesLeft, maxParticipants }
}

/**
 * Places left across an inscription's categories, for its card: null when any category has no stated
 * capacity (the sum would understate it) or there are no categories at all.
 */
export function placesLeftOf(zones: readonly Pick<PriceZone, 'available'>[]): number | null {
  if (zones.length === 0 || zones.some((z) => z.available === null)) return null
  return zones.reduce((sum, z) => sum + Math.max(0, z.available ?? 0), 0)
}

/**
 * The category and number of participants asked for in the page's address (a return from the login page,
 * or the form sent before the page's script ran), kept only when the category can still take them.
 */
export function selectionOf(
  params: URLSearchParams,
  zones: readonly Pick<PriceZone, 'id' | 'available' | 'soldOut' | 'perFanMax'>[],
): { zoneId: string; participants: number } | null {
  const zone = zones.find((z) => z.id === params.get('category'))
  if (!zone) return null
  const availability = categoryAvailability(zone)
  if (availability.state === 'full') return null
  const asked = Number(params.get('participants'))
  const participants =
    Number.isInteger(asked) && asked >= 1 ? Math.min(asked, availability.maxParticipants) : 1
  return { zoneId: zone.id, participants }
}

export const inscriptionDetailPath = (
  slug: string,
  selection?: { zoneId: string; participants: number } | null,
): string => {
  const params = new URLSearchParams({ event: slug })
  if (selection) {
    params.set('category', selection.zoneId)
    params.set('participants', String(selection.participants))
  }
  return `/inscriptions/detail?${params.toString()}`
}

/** Where a held sign-up continues: one form per participant (issue 17 part 2, the checkout's form page). */
export const inscriptionFormPath = (reservationId: string, slug: string): string =>
  `/checkout/inscriptions/form?${new URLSearchParams({ reservation: reservationId, event: slug }).toString()}`

/** The login page, back to this inscription with the choice kept. */
export const loginPathFor = (slug: string, selection: { zoneId: string; participants: number }): string =>
  `/authorization/login?redirectTo=${encodeURIComponent(inscriptionDetailPath(slug, selection))}`
