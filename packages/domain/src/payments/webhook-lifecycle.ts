/**
 * A provider's notification in our inbox (issue 6 part 5; DESIGN §5): stored RECEIVED once per notification
 * id, then APPLIED (its payment's status was asked for and applied) or IGNORED (not one of our payments).
 * A delivery that fails half-way leaves it RECEIVED for the provider's retry; nothing leaves APPLIED or
 * IGNORED, so a replay never applies twice.
 */
export const WEBHOOK_STATUSES = ['RECEIVED', 'APPLIED', 'IGNORED'] as const
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]

const TRANSITIONS: Readonly<Record<WebhookStatus, readonly WebhookStatus[]>> = {
  RECEIVED: ['APPLIED', 'IGNORED'],
  APPLIED: [],
  IGNORED: [],
}

/** Stored RECEIVED (the column's default). */
export const WEBHOOK_INITIAL_STATUSES = ['RECEIVED'] as const satisfies readonly WebhookStatus[]

export const canWebhookTransition = (from: WebhookStatus, to: WebhookStatus): boolean =>
  TRANSITIONS[from].includes(to)

export function assertWebhookMove(from: WebhookStatus, to: WebhookStatus): void {
  if (!canWebhookTransition(from, to)) throw new Error(`Illegal webhook move ${from} → ${to}`)
}
