import { z } from 'zod'
import { reservationStatusSchema } from '../orders/statuses.js'
import { MAX_PLACES_PER_PICK } from './pick-limits.js'
import { eventQuerySchema } from './seat-layout-contract.js'

/**
 * The HTTP contract of a reservation (a hold of seats, spec §7 /api/reservations; issues 5 and 14), shared
 * by the seating routes, the holds service and the web. Amounts are integers in minor units of the
 * event's currency (DESIGN §5).
 */

/** A seat key, `${sectionCode}/${rowLabel}-${seatNumber}` (spec §3 seat code prefixed by its section). */
export const seatKeySchema = z.string().min(3).max(120)

/** All or nothing, and never more than a fan may pick at once. */
export const seatKeysSchema = z.array(seatKeySchema).min(1).max(MAX_PLACES_PER_PICK.request)

/** One place of a hold, at the price its zone sells it for. */
export const reservationSeatSchema = z.object({
  key: seatKeySchema,
  section: z.string(),
  row: z.string(),
  /** The seat number in its row; a slot number for an unnumbered section (row UNNUMBERED). */
  seat: z.int(),
  /** Null for a place no price zone sells. */
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  price: z.int(),
})
export type ReservationSeat = z.infer<typeof reservationSeatSchema>

export const reservationSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  /**
   * The status as of the answer: a BOOKED or ACTIVE hold whose time ran out reads EXPIRED even before the
   * sweeper writes it, so a client never needs its own clock to know (live-reservation.ts).
   */
  status: reservationStatusSchema,
  createdAt: z.iso.datetime(),
  /** When the seats go back on sale unless paid; adding seats to a hold does not move it. */
  expiresAt: z.iso.datetime(),
  /** In section order, then layout order; empty once the hold has expired. */
  seats: z.array(reservationSeatSchema),
  /** The sum of the seats' prices, before any fee or discount (the cart adds those). */
  total: z.int(),
})
export type Reservation = z.infer<typeof reservationSchema>

/** `POST /api/reservations`: seats of the map by key, or a quantity of an unnumbered section. */
export const holdBodySchema = z.union([
  z.object({ eventId: z.uuid(), seats: seatKeysSchema }),
  z.object({
    eventId: z.uuid(),
    /** A layout section's code, or a capacity-only zone's section code (its zone id). */
    section: z.string().min(1).max(80),
    quantity: z.int().min(1).max(MAX_PLACES_PER_PICK.request),
    /**
     * Instead of adding to it, give back the fan's unfinished hold of this event first, in the same
     * transaction: choosing again (an inscription's category and number of people) replaces the earlier
     * choice, so places never pile up across visits or tabs. Nothing changes when the new places cannot be
     * held.
     */
    replace: z.boolean().optional(),
  }),
])
export type HoldBody = z.infer<typeof holdBodySchema>

/** `PATCH /api/reservations/:id`: seats to add to a hold, seats to give back, or both. */
export const changeReservationBodySchema = z.object({
  add: seatKeysSchema.optional(),
  remove: seatKeysSchema.optional(),
})
export type ChangeReservationBody = z.infer<typeof changeReservationBodySchema>

export const reservationParamsSchema = z.object({ id: z.uuid() })

/** `GET /api/reservations?eventId=`: the fan's live hold for the event (live-reservation.ts), or null. */
export const liveReservationQuerySchema = eventQuerySchema
export const liveReservationSchema = z.object({ reservation: reservationSchema.nullable() })
export type LiveReservation = z.infer<typeof liveReservationSchema>
