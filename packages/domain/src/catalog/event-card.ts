import { z } from 'zod'
import { moneySchema } from '../money/money.js'

/** One event as listed on the home page and in search results. */
export const eventCardSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  type: z.string(),
  name: z.string(),
  venueName: z.string(),
  city: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  imageUrl: z.string().nullable(),
  priceFrom: moneySchema.nullable(),
  installmentsEnabled: z.boolean(),
  /** Number of events a season pass or bundle includes; 0 for a single event. */
  includedEvents: z.number().int(),
})
export type EventCard = z.infer<typeof eventCardSchema>

/** A tour as listed on the home page: its dates collapsed into one card. */
export const tourCardSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  dates: z.number().int(),
  firstStartsAt: z.string(),
  lastStartsAt: z.string(),
  timeZone: z.string(),
  cities: z.array(z.string()),
  priceFrom: moneySchema.nullable(),
})
export type TourCard = z.infer<typeof tourCardSchema>

/** The three home sections of spec §1: events, tour, paguitos. */
export const categorizedEventsSchema = z.object({
  events: z.array(eventCardSchema),
  tour: z.array(tourCardSchema),
  paguitos: z.array(eventCardSchema),
})
export type CategorizedEvents = z.infer<typeof categorizedEventsSchema>

/** A page of results; the first page is 0 and the default size 20 (spec §9). */
export const eventPageSchema = z.object({
  content: z.array(eventCardSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
})
export type EventPage = z.infer<typeof eventPageSchema>
