import { z } from 'zod'

// Every schema built at top level is marked pure, so a bundle that only needs this module's constants and
// helpers (the browser's pages) leaves the schema, and zod, out.

// Spec §3.
export const EVENT_TYPES = [
  'SEASON_PASS',
  'EVENT_BUNDLE',
  'EVENT',
  'BASKETBALL',
  'FOOTBALL',
  'CYCLING',
  'TENNIS',
  'TOUR_BUNDLE',
  'TOUR',
  'INSCRIPTION',
] as const
export type EventType = (typeof EVENT_TYPES)[number]
export const eventTypeSchema = /* @__PURE__ */ z.enum(EVENT_TYPES)

// Spec §1 names season pass and event bundle as multi-event; a tour bundle also sells several dates at once.
export const MULTI_EVENT_TYPES = [
  'SEASON_PASS',
  'EVENT_BUNDLE',
  'TOUR_BUNDLE',
] as const satisfies readonly EventType[]
export const SPORT_EVENT_TYPES = [
  'BASKETBALL',
  'FOOTBALL',
  'CYCLING',
  'TENNIS',
] as const satisfies readonly EventType[]

export const isMultiEventType = (type: EventType): boolean =>
  (MULTI_EVENT_TYPES as readonly EventType[]).includes(type)
export const isSportEventType = (type: EventType): boolean =>
  (SPORT_EVENT_TYPES as readonly EventType[]).includes(type)

export const VISIBILITIES = ['ALL', 'PRIVATE', 'NONE'] as const
export type Visibility = (typeof VISIBILITIES)[number]
export const visibilitySchema = /* @__PURE__ */ z.enum(VISIBILITIES)

/**
 * Spec §2; what each means is ours (issue 17 part 7, docs/decisions.md "Event page categories"): where the
 * event is listed. HOME: the home page's sections and search. INSCRIPTION: `/inscriptions`, among races and
 * tournaments. ENROLLMENTS: `/inscriptions`, among courses and schools. WEB_ODE: sold from the organiser's
 * own website, listed nowhere here; its page opens by link and `/api/event/check` answers that website.
 */
export const EVENT_PAGE_CATEGORIES = ['HOME', 'INSCRIPTION', 'ENROLLMENTS', 'WEB_ODE'] as const
export type EventPageCategory = (typeof EVENT_PAGE_CATEGORIES)[number]
/** The categories `/inscriptions` lists, each as a tab of its own; only sign-ups (type INSCRIPTION) go there. */
export const SIGN_UP_LISTINGS = ['INSCRIPTION', 'ENROLLMENTS'] as const satisfies readonly EventPageCategory[]
export type SignUpListing = (typeof SIGN_UP_LISTINGS)[number]
export const isSignUpListing = (c: string): c is SignUpListing =>
  (SIGN_UP_LISTINGS as readonly string[]).includes(c)
/** Listed in no list of ours: the organiser's website is where fans find it. */
export const UNLISTED_PAGE_CATEGORY = 'WEB_ODE' satisfies EventPageCategory
export const eventPageCategorySchema = /* @__PURE__ */ z.enum(EVENT_PAGE_CATEGORIES)

// Spec §1.
export const HOME_SECTIONS = ['events', 'tour', 'paguitos'] as const
export type HomeSection = (typeof HOME_SECTIONS)[number]
export const homeSectionSchema = /* @__PURE__ */ z.enum(HOME_SECTIONS)

// Not in the spec: the back office needs drafts, and DISABLED backs the /disabled-event page (spec §2).
// CANCELLED (issue 16 part 5): the event will not happen; every ticket was refunded and none is valid.
export const EVENT_STATUSES = ['DRAFT', 'PUBLISHED', 'DISABLED', 'CANCELLED'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
export const eventStatusSchema = /* @__PURE__ */ z.enum(EVENT_STATUSES)

// Spec §3.
export const SALES_CHANNELS = ['APP', 'WEB_MOBILE', 'WEB_DESKTOP'] as const
export type SalesChannel = (typeof SALES_CHANNELS)[number]
export const salesChannelSchema = /* @__PURE__ */ z.enum(SALES_CHANNELS)

// Spec §9: pages are counted from 0.
export const DEFAULT_PAGE_INDEX = 0
export const DEFAULT_PAGE_SIZE = 20
// Not in the spec: a ceiling so one request cannot ask for the whole catalogue.
export const MAX_PAGE_SIZE = 100

// Query strings arrive as text, hence the coercion.
export const paginationSchema = /* @__PURE__ */ z.object({
  page: /* @__PURE__ */ z.coerce.number().int().min(0).default(DEFAULT_PAGE_INDEX),
  size: /* @__PURE__ */ z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})
export type Pagination = z.infer<typeof paginationSchema>

// Spec §3: venue (team) codes that decide how a ticket's location is labelled.
export const STADIUM_CODES = ['ATS', 'SAN', 'IFC', 'OSW'] as const
export type StadiumCode = (typeof STADIUM_CODES)[number]
export const stadiumCodeSchema = /* @__PURE__ */ z.enum(STADIUM_CODES)

export const isStadiumCode = (value: unknown): value is StadiumCode =>
  typeof value === 'string' && (STADIUM_CODES as readonly string[]).includes(value)
