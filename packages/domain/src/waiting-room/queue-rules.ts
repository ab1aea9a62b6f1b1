/**
 * The waiting room's pure rules (issue 42 part 1): the pre-queue's draw, the admission rate, the pause rule
 * and the estimate a fan sees. Time and randomness come in as arguments (DESIGN §4 rule 1).
 */

import { seededRandom, shuffledWith } from '../random/seeded.js'

/** An admitted fan has this long to hold and pay, from the moment they are first told it is their turn. */
export const PASS_MINUTES = 10
/** The rate is recomputed at most this often, by whichever request comes first after it (no timer). */
export const RATE_RECOMPUTE_MS = 60_000
/** The admission cursor moves at most this often: one row update per second per room, not per request. */
export const ADMIT_STEP_MS = 1_000
/** A room nobody asked about for longer admits no more than this much time's worth at once. */
export const MAX_ADMIT_GAP_MS = 60_000
/** Before anyone has bought through the room, a checkout is taken to last this long. */
export const DEFAULT_CHECKOUT_SECONDS = 300
/** Hold and checkout p95 over this pauses admission. */
export const PAUSE_P95_SECONDS = 2
/** A 5xx share over this pauses admission... */
export const PAUSE_ERROR_RATIO = 0.01
/** ...once the minute has this many requests: one failure among three requests is not an outage. */
export const MIN_REQUESTS_FOR_ERROR_RULE = 20
/** The waiting page asks again at least this often when the turn may be near ("your turn" within 5 s)... */
export const REFRESH_SECONDS = 4
/** ...and at least this often however far back the fan is (the estimate refreshed at least every 30 s). */
export const MAX_REFRESH_SECONDS = 30
/** Arrivals after opening are keyed after every pre-queue place, whatever the draw gave those. */
export const ARRIVAL_KEY_OFFSET = 1_000_000_000_000

/** The pre-queue's draw: every order equally likely, the same seed (stored with the room) the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  return shuffledWith(items, seededRandom(seed))
}

/** Rate = target concurrent checkouts ÷ median checkout time, in fans per minute, never below one. */
export function admissionRatePerMinute(
  targetCheckouts: number,
  medianCheckoutSeconds: number | null,
): number {
  const seconds = medianCheckoutSeconds && medianCheckoutSeconds > 0 ? medianCheckoutSeconds : null
  return Math.max(1, Math.floor((targetCheckouts * 60) / (seconds ?? DEFAULT_CHECKOUT_SECONDS)))
}

/** The effective rate: the admin's when set, else the computed one. */
export const effectiveRate = (manual: number | null, computed: number) => manual ?? computed

/** The last minute of one route, as the metrics module's recent window reads it. */
export interface RouteMinute {
  route: string
  requests: number
  p95Seconds: number | null
  errorRatio: number | null
}

/** Why admission pauses by itself, or null when hold and checkout are healthy. */
export function healthPauseReason(minutes: readonly RouteMinute[]): string | null {
  for (const m of minutes) {
    if (m.p95Seconds !== null && m.p95Seconds > PAUSE_P95_SECONDS)
      return `p95 of ${m.route} is ${m.p95Seconds.toFixed(2)} s`
    if (
      m.errorRatio !== null &&
      m.requests >= MIN_REQUESTS_FOR_ERROR_RULE &&
      m.errorRatio > PAUSE_ERROR_RATIO
    )
      return `errors of ${m.route} are ${(m.errorRatio * 100).toFixed(1)} %`
  }
  return null
}

/**
 * How many fans to admit for the time since the cursor last moved: rate × elapsed plus what the last step
 * left over (a fraction of a fan), the gap capped so a long silence is not one burst.
 */
export function admissionsFor(ratePerMinute: number, elapsedMs: number, credit: number) {
  const gap = Math.min(Math.max(elapsedMs, 0), MAX_ADMIT_GAP_MS)
  const due = (ratePerMinute * gap) / 60_000 + credit
  const count = Math.floor(due)
  return { count, credit: due - count }
}

/** Seconds until the fan at `position` (1 = next) is admitted at this rate; null when paused. */
/**
 * How soon the waiting page asks again, from how far the fan's turn is: a third of that time, between 4 and
 * 30 s. The front of the queue (and the pre-queue as the opening nears) asks every 4 s; a fan ten minutes away
 * every 30 s. Asking every 4 s whatever the place made a queue of 20,000 send 5,000 requests a second that
 * changed nothing, enough to push the checkout's own p95 past the pause rule. A third keeps about three asks
 * before the turn, so "your turn" is still told within 5 s unless the rate triples meanwhile. Unknown (no
 * rate): every 4 s.
 */
export function refreshSeconds(secondsAway: number | null): number {
  if (secondsAway === null || !Number.isFinite(secondsAway)) return REFRESH_SECONDS
  return Math.min(MAX_REFRESH_SECONDS, Math.max(REFRESH_SECONDS, Math.floor(secondsAway / 3)))
}

/** Seconds after opening over which the pre-queue's first asks are spread; nobody is let in before they end. */
export const OPENING_SPREAD_SECONDS = 10

/**
 * When a fan in the pre-queue asks again: every 30 s while the opening is far, then at a random moment of the
 * first OPENING_SPREAD_SECONDS after it. Asking every 4 s as the opening neared had the whole pre-queue ask in
 * the same few seconds as the draw (the rehearsal's first minute: 20,000 fans, p99 over 5 s). Admission starts
 * only when the spread is over (`admissionStartsAt`), so every fan has asked, and seen their place, before
 * anyone's turn comes, and "your turn" is still told within the front's 4 s.
 */
export function preQueueRefreshSeconds(untilOpeningSeconds: number, random: () => number): number {
  const at = Math.max(0, untilOpeningSeconds) + 1 + random() * (OPENING_SPREAD_SECONDS - 1)
  return Math.min(MAX_REFRESH_SECONDS, Math.ceil(at))
}

/** When a room's cursor may first let fans in: the spread after opening, or now if that has passed. */
export function admissionStartsAt(opensAt: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), opensAt.getTime() + OPENING_SPREAD_SECONDS * 1000))
}

/** Seconds until the fans ahead are let in at the room's rate, paused or not (for `refreshSeconds`). */
export function secondsAway(position: number, ratePerMinute: number): number | null {
  if (ratePerMinute <= 0) return null
  return ((position - 1) * 60) / ratePerMinute
}

export function estimateSeconds(position: number, ratePerMinute: number, paused: boolean): number | null {
  if (paused || ratePerMinute <= 0) return null
  return Math.ceil((position * 60) / ratePerMinute)
}
