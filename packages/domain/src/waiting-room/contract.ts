import { z } from 'zod'

/** What the waiting page shows a fan (issue 42 part 1); the state is derived from the place, not stored. */
export const WAITING_STATES = [
  // Joined before opening: the place is drawn at random at opening.
  'BEFORE_OPENING',
  'WAITING',
  'YOUR_TURN',
  // The turn bought its tickets, or lapsed unused: joining again queues at the back.
  'TURN_USED',
  'TURN_EXPIRED',
  'NOT_IN_QUEUE',
] as const
export type WaitingState = (typeof WAITING_STATES)[number]

export const waitingRoomParamsSchema = z.object({ eventId: z.uuid() })

export const waitingStatusSchema = z.object({
  eventId: z.uuid(),
  state: z.enum(WAITING_STATES),
  /** 1 = next in line; null before the draw and once admitted. */
  position: z.number().int().nullable(),
  /** Seconds until the turn at the current rate; null while paused or unknown. */
  estimateSeconds: z.number().int().nullable(),
  paused: z.boolean(),
  opensAt: z.string(),
  /** When the turn ends (YOUR_TURN). */
  turnEndsAt: z.string().nullable(),
  /** Admitted as a visitor: logging in turns the place into the account's and gives the pass. */
  signInToContinue: z.boolean(),
  /** The signed pass, also set as an HttpOnly cookie, for API clients (header `x-palco-pass`). */
  pass: z.string().nullable(),
  refreshSeconds: z.number().int(),
})
export type WaitingStatus = z.infer<typeof waitingStatusSchema>

/** Shown to everyone before they join: whether a room guards this event's sale. */
export const waitingRoomInfoSchema = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  /** Where the fan goes once it is their turn (`checkoutPathOf`). */
  slug: z.string(),
  hasLayout: z.boolean(),
  /** The venue's, in which the opening and the turn's end are shown. */
  timeZone: z.string(),
  active: z.boolean(),
  opensAt: z.string().nullable(),
})
export type WaitingRoomInfo = z.infer<typeof waitingRoomInfoSchema>

const positiveRate = z
  .number({ error: 'mustBePositive' })
  .int({ error: 'mustBeWhole' })
  .positive({ error: 'mustBePositive' })
  .max(1_000_000, { error: 'tooLarge' })

/** The organiser's settings: on or off, the opening of the sale window, the target and an optional fixed rate. */
export const waitingRoomSettingsSchema = z.object({
  enabled: z.boolean(),
  opensAt: z.iso.datetime({ offset: true, error: 'invalidDate' }),
  targetCheckouts: positiveRate,
  /** Fans per minute; null lets the room compute it from the target and the median checkout time. */
  ratePerMinute: positiveRate.nullable(),
})
export type WaitingRoomSettings = z.infer<typeof waitingRoomSettingsSchema>

export const waitingRoomRateSchema = z.object({ ratePerMinute: positiveRate.nullable() })

export const waitingRoomAdminSchema = z.object({
  eventId: z.uuid(),
  enabled: z.boolean(),
  opensAt: z.string(),
  targetCheckouts: z.number().int(),
  /** The admin's fixed rate, or null when computed. */
  manualRatePerMinute: z.number().int().nullable(),
  /** The rate in force: the admin's, else target ÷ median checkout time. */
  ratePerMinute: z.number().int(),
  adminPaused: z.boolean(),
  /** Why admission paused by itself (hold or checkout p95 over 2 s, errors over 1 %), or null. */
  healthPausedBecause: z.string().nullable(),
  waiting: z.number().int(),
  admitted: z.number().int(),
  drawn: z.boolean(),
})
export type WaitingRoomAdmin = z.infer<typeof waitingRoomAdminSchema>
