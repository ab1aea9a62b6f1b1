import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/** Stores a notification once per (provider, notification id); returns the row and whether it is new. */
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

export async function markNotification(db: Db, id: string, status: 'APPLIED' | 'IGNORED', outcome: string) {
  await db
    .updateTable('payment_webhooks')
    .set({ status, outcome, processed_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}
