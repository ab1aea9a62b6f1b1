import { z } from 'zod'
import { currencySchema } from '../locale/country.js'
import { moneySchema } from '../money/money.js'
import { eventCardSchema } from './event-card.js'
import { saleStateSchema } from './sale-state.js'
import { eventPageCategorySchema, eventTypeSchema, visibilitySchema } from './vocabulary.js'

// Response contracts of the public catalogue API (spec §7, "events and seats"): the API validates what it
// sends with these, the web reads them as types.

export const venueSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  city: z.string(),
  address: z.string().nullable(),
  /** IANA zone; every date of the event is shown in it (DESIGN §5). */
  timeZone: z.string(),
  stadiumCode: z.string().nullable(),
})
export type Venue = z.infer<typeof venueSchema>

/** Category names come in the site's language (es-CO → Spanish, en-US → English). */
export const categorySchema = z.object({ id: z.string().uuid(), slug: z.string(), name: z.string() })
export type Category = z.infer<typeof categorySchema>

export const sportOrganizationSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  sport: z.string(),
  logoUrl: z.string().nullable(),
})
export type SportOrganization = z.infer<typeof sportOrganizationSchema>

export const sponsorBannerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  position: z.number().int(),
})
export type SponsorBanner = z.infer<typeof sponsorBannerSchema>

/** What a printed or on-screen ticket is drawn inside: an image and the colours around the QR. */
export const ticketFrameSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  accentColor: z.string(),
  /** Null for a country's default frame. */
  eventId: z.string().uuid().nullable(),
})
export type TicketFrame = z.infer<typeof ticketFrameSchema>

export const priceZoneSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  price: moneySchema,
  /** Null: no stated limit (e.g. an uncapped free sign-up). */
  capacity: z.number().int().nullable(),
  available: z.number().int().nullable(),
  soldOut: z.boolean(),
  perFanMax: z.number().int(),
  zoneType: z.string(),
  numbered: z.boolean(),
  color: z.string(),
  /**
   * An inscription category's age rule (issue 17): the participant's age in whole years on the event's date
   * must be within these bounds; null when the category has none.
   */
  ageRule: z.object({ minAge: z.int().nullable(), maxAge: z.int().nullable() }).nullable(),
})
export type PriceZone = z.infer<typeof priceZoneSchema>

const saleFlagsShape = {
  saleState: saleStateSchema,
  onSale: z.boolean(),
  notYetOnSale: z.boolean(),
  expired: z.boolean(),
  disabled: z.boolean(),
  cancelled: z.boolean(),
}

/** One date of a tour: its own event, in its own city and time zone. */
export const tourDateSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  venueName: z.string(),
  city: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  priceFrom: moneySchema.nullable(),
  hasLayout: z.boolean(),
  saleState: saleStateSchema,
})
export type TourDate = z.infer<typeof tourDateSchema>

export const tourDetailSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  priceFrom: moneySchema.nullable(),
  /** Upcoming public dates, soonest first; empty once the tour is over. */
  dates: z.array(tourDateSchema),
})
export type TourDetail = z.infer<typeof tourDetailSchema>

export const eventDetailSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  type: eventTypeSchema,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  currency: currencySchema,
  startsAt: z.string(),
  endsAt: z.string(),
  onSaleAt: z.string(),
  offSaleAt: z.string(),
  visibility: visibilitySchema,
  pageCategory: eventPageCategorySchema,
  installmentsEnabled: z.boolean(),
  /** Sold off a seat map (checkout goes through the stadium view). */
  hasLayout: z.boolean(),
  ...saleFlagsShape,
  /** Every zone sold out. */
  soldOut: z.boolean(),
  priceFrom: moneySchema.nullable(),
  venue: venueSchema,
  category: categorySchema.nullable(),
  sportOrganization: sportOrganizationSchema.nullable(),
  zones: z.array(priceZoneSchema),
  sponsorBanners: z.array(sponsorBannerSchema),
  /** Season pass, event bundle, tour bundle: the events it admits to, in order. */
  includedEvents: z.array(eventCardSchema),
  /** A tour date: the tour and all its upcoming dates (this one included). */
  tour: z
    .object({ id: z.string().uuid(), slug: z.string(), name: z.string(), dates: z.array(tourDateSchema) })
    .nullable(),
})
export type EventDetail = z.infer<typeof eventDetailSchema>

/** `/api/event/check`: the sale state alone, for products that embed a sale (ODE). */
export const eventCheckSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  type: eventTypeSchema,
  pageCategory: eventPageCategorySchema,
  ...saleFlagsShape,
  soldOut: z.boolean(),
  /** The event's page on this site, where an organiser's website sends its buyers (WEB_ODE). */
  path: z.string(),
})
export type EventCheck = z.infer<typeof eventCheckSchema>
