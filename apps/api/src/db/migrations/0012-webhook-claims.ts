import type { Kysely } from 'kysely'

/**
 * `payment_webhooks.claimed_at`: when a delivery of the notification started applying it. Copies of one
 * notification arrive together (a provider redelivers whenever an answer is slow); only the delivery that
 * claims the row applies it and the others answer `duplicate`. A claim is released when applying fails, and
 * one left by a process that died lapses after a while, so the provider's next retry applies it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_webhooks').addColumn('claimed_at', 'timestamptz').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_webhooks').dropColumn('claimed_at').execute()
}
