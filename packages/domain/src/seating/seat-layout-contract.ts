import { z } from 'zod'
import { moneySchema } from '../money/money.js'
import type { SeatAvailability } from './availability.js'
import { layoutSchema } from './layout.js'
import { zoneTypeSchema } from './layout-vocabulary.js'

/**
 * The HTTP contract of an event's seat map (spec §7 /api/event/seat-layout, /api/seats and best available;
 * issues 5 and 14), shared by the seating routes and services and the web. The layout and availability
 * answers of a 100,000-seat venue are megabytes, so the API does not run them through these schemas on
 * each request (bench:availability): they are the declared shapes, and tests parse what the API sends.
 */

export const eventQuerySchema = z.object({ eventId: z.uuid({ error: 'invalidEventId' }) })

/** The price zone that sells a section, as the map shows it on the section and its seats. */
export const sectionZoneSchema = z.object({
  zoneId: z.uuid(),
  name: z.string(),
  /** The price of one place, in the event's currency. */
  price: moneySchema,
  color: z.string(),
  /** How many places of this zone one fan may hold (more answer MAX_PER_FAN_EXCEEDED). */
  perFanMax: z.int(),
  numbered: z.boolean(),
  zoneType: zoneTypeSchema,
})
export type SectionZone = z.infer<typeof sectionZoneSchema>

export const seatLayoutSchema = z.object({
  eventId: z.uuid(),
  /** Null for an event sold without a map: its capacity-only zones are its sections. */
  layoutId: z.uuid().nullable(),
  layoutVersion: z.int().nullable(),
  /** The layout document as the back office saved it (validated then), or null without a map. */
  layout: layoutSchema.nullable(),
  /**
   * Section code → the zone that sells it. A capacity-only zone appears under its own section code (see
   * the API's zoneSectionCode); a section no zone sells is absent, and is not for sale.
   */
  zones: z.record(z.string(), sectionZoneSchema),
})
export type SeatLayout = z.infer<typeof seatLayoutSchema>

/**
 * `GET /api/seats` (availability.ts has the encoding): per section code, one state letter per place in
 * layout order, run-length encoded. `version` orders it against the live feed.
 */
export const seatAvailabilitySchema = z.object({
  eventId: z.uuid(),
  version: z.int().min(0),
  sections: z.record(z.string(), z.string().regex(/^(?:[AHSB]\d*)*$/)),
}) satisfies z.ZodType<SeatAvailability>

/** `POST /api/seats/best-available`. */
export const bestAvailableBodySchema = z.object({
  eventId: z.uuid(),
  /** Only this section; any section sold on the map when absent. */
  section: z.string().optional(),
  quantity: z.int().min(1).max(12),
})
export type BestAvailableBody = z.infer<typeof bestAvailableBodySchema>

/** Adjacent seats of one row, proposed, not held: the fan holds them with `POST /api/reservations`. */
export const bestAvailableProposalSchema = z.object({
  section: z.string(),
  row: z.string(),
  /** Seat keys, in row order. */
  seats: z.array(z.string()),
})
export type BestAvailableProposal = z.infer<typeof bestAvailableProposalSchema>
