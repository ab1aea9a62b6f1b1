import { assertWebhookMove, type WebhookStatus } from '@palco/domain/payments/webhook-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/**
 * Stores a notification once per (provider, notification id); returns the row and whether it is new. A new
 * row is claimed by the delivery that stored it.
 */
export async function storeNotification(
  db: Db,
  n: { provider: string; notificationId: string; providerPaymentId: string; body: string },
) {
  const inserted = await db
    .insertInto('payment_webhooks')
    .values({
      provider: n.provider,
      notification_id: n.notificationId,
      provider_payment_id: n.providerPaymentId,
      body: n.body,
      claimed_at: sql`now()`,
    })
    .onConflict((oc) => oc.columns(['provider', 'notification_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { row: inserted, fresh: true }
  const row = await db
    .selectFrom('payment_webhooks')
    .selectAll()
    .where('provider', '=', n.provider)
    .where('notification_id', '=', n.notificationId)
    .executeTakeFirstOrThrow()
  return { row, fresh: false }
}

/** RECEIVED → APPLIED or IGNORED (packages/domain/src/payments/webhook-lifecycle.ts); once. */
export async function markNotification(
  db: Db,
  id: string,
  status: Exclude<WebhookStatus, 'RECEIVED'>,
  outcome: string,
) {
  const from: WebhookStatus = 'RECEIVED'
  assertWebhookMove(from, status)
  await db
    .updateTable('payment_webhooks')
    .set({ status, outcome, processed_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute()
}

// Longer than applying ever takes (the provider's status request times out well before), so a live claim
// never lapses under a delivery that is still working.
const CLAIM_LAPSES_AFTER = sql`interval '2 minutes'`

/**
 * Claims a stored notification that no delivery has applied yet. One statement, so of several copies
 * arriving together exactly one gets it; false when another delivery holds a claim that has not lapsed.
 */
export async function claimNotification(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .updateTable('payment_webhooks')
    .set({ claimed_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'RECEIVED')
    .where((eb) =>
      eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', sql<Date>`now() - ${CLAIM_LAPSES_AFTER}`)]),
    )
    .returning('id')
    .executeTakeFirst()
  return claimed !== undefined
}

/** Gives up a claim after applying failed, so the provider's retry applies it without waiting. */
export async function releaseNotification(db: Db, id: string) {
  await db
    .updateTable('payment_webhooks')
    .set({ claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'RECEIVED')
    .execute()
}
