import type { Kysely } from 'kysely'

/**
 * Instalments paid at the counter (issues 15 and 16): a paguitos plan's payments may be taken at different
 * counters in different shifts, so a counter payment names the shift whose drawer holds its cash. Payments
 * from before keep none and are counted in their order's shift, as they always were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('shift_id', 'uuid', (c) => c.references('box_office_shifts.id'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('shift_id').execute()
}
