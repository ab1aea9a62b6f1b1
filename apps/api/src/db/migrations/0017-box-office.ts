import { type Kysely, sql } from 'kysely'

/**
 * The box office (issue 15): operators' shifts, the cash a counter tender took and handed back, and where
 * each operator action came from.
 *
 * A shift opens with a counted float and closes with a blind count; sales belong to the shift they were
 * made in (`orders.shift_id`). One open shift per operator, enforced here so two tabs cannot open two.
 * A cash tender's payment keeps what was handed over and the change given (`amount` is what it paid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('box_office_shifts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('operator_user_id', 'uuid', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('opening_float', 'int8', (c) => c.notNull().check(sql`opening_float >= 0`))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('counted_cash', 'int8')
    .addColumn('expected_cash', 'int8')
    .execute()
  await sql`alter table box_office_shifts add constraint box_office_shifts_close_ck check (
    (closed_at is null and counted_cash is null and expected_cash is null)
    or (closed_at is not null and counted_cash is not null and expected_cash is not null))`.execute(db)
  await sql`create unique index box_office_shifts_open_uq on box_office_shifts (operator_user_id)
    where closed_at is null`.execute(db)

  await db.schema
    .alterTable('orders')
    .addColumn('shift_id', 'uuid', (c) => c.references('box_office_shifts.id'))
    .execute()
  await sql`create index orders_shift_idx on orders (shift_id) where shift_id is not null`.execute(db)

  await db.schema
    .alterTable('payments')
    .addColumn('tendered', 'int8')
    .addColumn('change_given', 'int8')
    .execute()
  await sql`alter table payments add constraint payments_change_ck check (
    (tendered is null and change_given is null)
    or (change_given >= 0 and tendered = amount + change_given))`.execute(db)

  await db.schema.alterTable('audit_log').addColumn('address', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('address').execute()
  await sql`alter table payments drop constraint payments_change_ck`.execute(db)
  await db.schema.alterTable('payments').dropColumn('tendered').dropColumn('change_given').execute()
  await db.schema.alterTable('orders').dropColumn('shift_id').execute()
  await db.schema.dropTable('box_office_shifts').execute()
}
