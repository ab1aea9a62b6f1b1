import { z } from 'zod'
import { offsetAt, wallAsUtcMs } from '../format/wall-clock.js'
import { wallClockToInstant } from '../forms/zoned-time.js'
import { eventPageCategorySchema, eventTypeSchema, paginationSchema } from './vocabulary.js'

// Query strings of the public catalogue API (spec §7), shared by the API routes and the web's links.

/** A GET form sends unselected filters as `name=`; an empty value means "no filter", not a bad one. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** A sport filter is a sport organisation's code (SAN, IFC) or a sport event type (FOOTBALL). */
export const SPORT_FILTER_PATTERN = /^[A-Za-z0-9_]{2,40}$/
export const SEARCH_TEXT_MAX_LENGTH = 100
const isoDate = /* @__PURE__ */ z.iso.date()

// Every top-level schema is marked pure, so a browser bundle that imports only this module's helpers
// (the home page's links) leaves the schemas, and zod, out.
export const eventSearchQuerySchema = /* @__PURE__ */ paginationSchema
  .extend({
    type: /* @__PURE__ */ optionalParam(eventTypeSchema),
    /** Where the event is listed (the `/inscriptions` tabs); WEB_ODE events are in no list, asked or not. */
    pageCategory: /* @__PURE__ */ optionalParam(eventPageCategorySchema),
    category: /* @__PURE__ */ optionalParam(/* @__PURE__ */ z.string().max(80).regex(SLUG_PATTERN)),
    sport: /* @__PURE__ */ optionalParam(/* @__PURE__ */ z.string().regex(SPORT_FILTER_PATTERN)),
    q: /* @__PURE__ */ optionalParam(/* @__PURE__ */ z.string().trim().max(SEARCH_TEXT_MAX_LENGTH)),
    /** Local calendar dates in the site country's zone, both inclusive. */
    from: /* @__PURE__ */ optionalParam(isoDate),
    to: /* @__PURE__ */ optionalParam(isoDate),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'toBeforeFrom' })
export type EventSearchQuery = z.infer<typeof eventSearchQuerySchema>

/**
 * One event by id or by slug, not both. Either is only length-checked: a malformed id is simply an
 * event that does not exist (404), so probing with junk learns nothing a 400 would tell.
 */
export const eventLookupQuerySchema = /* @__PURE__ */ z
  .object({
    id: /* @__PURE__ */ optionalParam(/* @__PURE__ */ z.string().max(100)),
    slug: /* @__PURE__ */ optionalParam(/* @__PURE__ */ z.string().max(200)),
  })
  .refine((q) => (q.id === undefined) !== (q.slug === undefined), {
    path: ['id'],
    message: 'idOrSlugRequired',
  })
export type EventLookupQuery = z.infer<typeof eventLookupQuerySchema>

export const eventIdQuerySchema = /* @__PURE__ */ z.object({
  eventId: /* @__PURE__ */ z.string().min(1).max(100),
})
export const tourQuerySchema = /* @__PURE__ */ z.object({ slug: /* @__PURE__ */ z.string().min(1).max(200) })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string): boolean => UUID.test(value)

/**
 * Characters folded away before matching, so "bogota" finds "Bogotá" and "MEDELLIN" finds "Medellín".
 * The API applies the same folding in SQL with `translate()` (portable to PostgreSQL 15 and distributed
 * engines, unlike the `unaccent` extension); both strings must stay the same length.
 */
export const SEARCH_FOLD_FROM = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ'
export const SEARCH_FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc'

/** Lower case, accents removed, inner whitespace collapsed: the text side of a search. */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** A LIKE pattern that matches the folded text anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${foldSearchText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The instants a local date range covers in `timeZone`: from the first day's midnight to the midnight
 * after the last day (exclusive), so `to=2026-06-30` includes a show at 23:30 that evening.
 */
export function dateRangeBounds(
  range: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): { start?: Date; end?: Date } {
  const midnight = (iso: string, plusDays: number) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
    const wall = { year: y, month: m, day: d + plusDays, hour: 0, minute: 0 }
    // A midnight the clocks skip (a zone that springs forward at 00:00) starts at the instant after the gap.
    const local = wallAsUtcMs(wall)
    return wallClockToInstant(wall, timeZone) ?? new Date(local - offsetAt(local, timeZone))
  }
  const out: { start?: Date; end?: Date } = {}
  if (range.from) out.start = midnight(range.from, 0)
  if (range.to) out.end = midnight(range.to, 1)
  return out
}

/** True when the visitor asked for something other than the default listing. */
export function hasSearchFilters(q: Partial<EventSearchQuery>): boolean {
  return Boolean(q.type || q.category || q.sport || q.q || q.from || q.to)
}
