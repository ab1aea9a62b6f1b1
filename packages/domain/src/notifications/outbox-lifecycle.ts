/**
 * A message in the outbox (DESIGN §5: anything sent outside goes through a table first):
 * - PENDING: waiting for a dispatcher; SENDING: claimed by one (SKIP LOCKED keeps processes apart).
 * - SENT: the transport took it; DEV_OUTBOX: no transport for its channel, kept for /dev/outbox.
 * - FAILED: the transport refused it on the last allowed attempt.
 */
export const OUTBOX_STATUSES = ['PENDING', 'SENDING', 'SENT', 'DEV_OUTBOX', 'FAILED'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/**
 * SENDING → PENDING: an attempt failed and another is allowed, or a dispatcher died mid-send and its claim
 * went stale (a message may then go twice; never lost). Every other end is final.
 */
const TRANSITIONS: Readonly<Record<OutboxStatus, readonly OutboxStatus[]>> = {
  PENDING: ['SENDING'],
  SENDING: ['SENT', 'DEV_OUTBOX', 'FAILED', 'PENDING'],
  SENT: [],
  DEV_OUTBOX: [],
  FAILED: [],
}

/** A message is queued PENDING (the column's default). */
export const OUTBOX_INITIAL_STATUSES = ['PENDING'] as const satisfies readonly OutboxStatus[]

/** Where a claimed message may end after one attempt. */
export type OutboxOutcome = Exclude<OutboxStatus, 'SENDING'>

export const canOutboxTransition = (from: OutboxStatus, to: OutboxStatus): boolean =>
  TRANSITIONS[from].includes(to)

export function assertOutboxMove(from: OutboxStatus, to: OutboxStatus): void {
  if (!canOutboxTransition(from, to)) throw new Error(`Illegal outbox move ${from} → ${to}`)
}
