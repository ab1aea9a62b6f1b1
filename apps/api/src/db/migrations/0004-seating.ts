import { type Kysely, sql } from 'kysely'

/**
 * Seating (issue 5). Every sellable place of an event is a row of event_seats, made from its layout when
 * the event is published (unnumbered zones as pre-created slots), so "sold or held" is always a row,
 * never a counter (DESIGN §5). change_seq comes from a sequence, not a per-event counter row, so
 * concurrent holds on one event never queue behind a version row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence seat_change_seq`.execute(db)

  await db.schema
    .createTable('seat_holds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'uuid', (c) => c.references('auth_users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('seat_holds_user_event_idx')
    .on('seat_holds')
    .columns(['user_id', 'event_id', 'status'])
    .execute()
  await db.schema
    .createIndex('seat_holds_expiry_idx')
    .on('seat_holds')
    .columns(['status', 'expires_at'])
    .execute()

  await db.schema
    .createTable('event_seats')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('section_code', 'text', (c) => c.notNull())
    .addColumn('place_index', 'integer', (c) => c.notNull())
    .addColumn('row_label', 'text', (c) => c.notNull())
    .addColumn('seat_number', 'integer', (c) => c.notNull())
    .addColumn('price_zone_id', 'uuid', (c) => c.references('price_zones.id'))
    .addColumn('restriction', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('AVAILABLE'))
    .addColumn('hold_id', 'uuid', (c) => c.references('seat_holds.id'))
    .addColumn('hold_expires_at', 'timestamptz')
    .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_seats_pk', ['event_id', 'section_code', 'place_index'])
    .addCheckConstraint(
      'event_seats_hold_ck',
      sql`(status = 'HELD') = (hold_id is not null and hold_expires_at is not null) or status = 'SOLD'`,
    )
    .execute()
  // Fans name seats by section, row and number (spec §3 seat code); this finds them without a scan.
  await db.schema
    .createIndex('event_seats_code_idx')
    .on('event_seats')
    .columns(['event_id', 'section_code', 'row_label', 'seat_number'])
    .execute()
  await db.schema.createIndex('event_seats_hold_idx').on('event_seats').column('hold_id').execute()
  await db.schema
    .createIndex('event_seats_change_idx')
    .on('event_seats')
    .columns(['event_id', 'change_seq'])
    .execute()
  await db.schema
    .createIndex('event_seats_expiry_idx')
    .on('event_seats')
    .column('hold_expires_at')
    .where(sql.ref('status'), '=', 'HELD')
    .execute()

  // One row per fan and event, locked by each hold change, so one fan's parallel requests cannot
  // together pass the per-fan maximum.
  await db.schema
    .createTable('hold_locks')
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('touched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('hold_locks_pk', ['event_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('seat_customizations')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('preferred_sections', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('prefer_aisle', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['seat_customizations', 'hold_locks', 'event_seats', 'seat_holds']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
  await sql`drop sequence if exists seat_change_seq`.execute(db)
}
