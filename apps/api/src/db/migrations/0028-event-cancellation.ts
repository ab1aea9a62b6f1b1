import type { Kysely } from 'kysely'

/**
 * Event cancellation (issue 16 part 5). `events.status` is free text checked by the domain's transition
 * table (no check constraint to widen), so CANCELLED needs no schema change; what the cancellation adds is
 * when it happened and why — the reason is quoted to fans and shown in the back office. Both null until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancellation_reason', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('cancellation_reason').dropColumn('cancelled_at').execute()
}
