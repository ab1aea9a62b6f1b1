import { type Kysely, sql } from 'kysely'

/**
 * Promo codes made in the back office (issue 43 part 5), owned by the orders module:
 * - `organiser_id`: whose code it is. Null is the platform's own (the demo's codes, and a code for every event
 *   of a country, which only a platform admin makes), reached only by platform admins, as events' in 0038.
 * - `batch_id`, `batch_label`: the codes made together by one batch request (up to 1,000), downloaded as one CSV.
 * - `created_by`: the staff account that made it (the audit log keeps the rest).
 * - `orders_promo_idx`: the orders that used a code, counted when a code is about to be deleted and by the check
 *   that `uses` equals them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('organiser_id', 'uuid', (c) => c.references('organisers.id'))
    .addColumn('batch_id', 'uuid')
    .addColumn('batch_label', 'text')
    .addColumn('created_by', 'uuid')
    .execute()
  await db.schema
    .createIndex('promo_codes_organiser_idx')
    .on('promo_codes')
    .columns(['organiser_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('promo_codes_batch_idx')
    .on('promo_codes')
    .column('batch_id')
    .where(sql.ref('batch_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('orders_promo_idx')
    .on('orders')
    .column('promo_id')
    .where(sql.ref('promo_id'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_promo_idx').ifExists().execute()
  await db.schema.dropIndex('promo_codes_batch_idx').ifExists().execute()
  await db.schema.dropIndex('promo_codes_organiser_idx').ifExists().execute()
  await db.schema
    .alterTable('promo_codes')
    .dropColumn('created_by')
    .dropColumn('batch_label')
    .dropColumn('batch_id')
    .dropColumn('organiser_id')
    .execute()
}
