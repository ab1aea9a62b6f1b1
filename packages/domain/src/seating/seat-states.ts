import { z } from 'zod'

// Spec §4.
export const SEAT_STATES = [
  'SELECTED',
  'RESERVED',
  'NOT_SEAT',
  'RESERVED_BY_ANOTHER',
  'AVAILABLE',
  'UNAVAILABLE',
  'IN_CART',
  'READ',
] as const
export type SeatState = (typeof SEAT_STATES)[number]
export const seatStateSchema = /* @__PURE__ */ z.enum(SEAT_STATES)

// Spec §4 and §9: two blocked states, three selectable ones. RESERVED is selectable because it is the fan's
// own hold; someone else's hold is RESERVED_BY_ANOTHER. States in neither list (NOT_SEAT, READ,
// RESERVED_BY_ANOTHER) are drawn but not clickable.
export const BLOCKED_SEAT_STATES = ['IN_CART', 'UNAVAILABLE'] as const satisfies readonly SeatState[]
export const SELECTABLE_SEAT_STATES = [
  'AVAILABLE',
  'SELECTED',
  'RESERVED',
] as const satisfies readonly SeatState[]

export const isSeatBlocked = (state: SeatState): boolean =>
  (BLOCKED_SEAT_STATES as readonly SeatState[]).includes(state)

export const isSeatSelectable = (state: SeatState): boolean =>
  (SELECTABLE_SEAT_STATES as readonly SeatState[]).includes(state)
