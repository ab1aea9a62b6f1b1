import { type Kysely, sql } from 'kysely'

/**
 * A waiting room per event's sale window (issue 42 part 1), owned by the waiting-room module. No status
 * column: a room is on or off and paused by the admin or by the pause rule (booleans), and a place's state
 * (drawn, waiting, admitted, used, lapsed) follows from its keys and times.
 *
 * - `queue_key` orders the queue: null for a pre-queue place until the draw at opening gives it 1..N, and
 *   `1e12 + seq` for an arrival after opening, so every late arrival is behind every drawn place.
 * - `admitted_key`: every place keyed at or below it has been let in; it moves forward at the room's rate
 *   (`cursor_at`, `admit_credit` carry the fraction of a fan between steps).
 * - `holder` is `u:<account>` or `d:<device>`: one place per account, or per device for a visitor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waiting_rooms')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('target_checkouts', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('manual_rate_per_minute', 'integer')
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('rate_computed_at', 'timestamptz')
    .addColumn('admin_paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('health_paused_because', 'text')
    .addColumn('shuffle_seed', 'integer', (c) => c.notNull())
    .addColumn('shuffled_at', 'timestamptz')
    .addColumn('drawn_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admitted_key', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_at', 'timestamptz')
    .addColumn('admit_credit', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create sequence waiting_room_arrivals`.execute(db)
  await db.schema
    .createTable('waiting_room_places')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) =>
      c.notNull().references('waiting_rooms.event_id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('auth_users.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('pre_queue', 'boolean', (c) => c.notNull())
    .addColumn('queue_key', 'bigint')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('admitted_at', 'timestamptz')
    .addColumn('spent_at', 'timestamptz')
    .addUniqueConstraint('waiting_room_places_holder', ['event_id', 'holder'])
    .execute()
  await sql`create index waiting_room_places_order on waiting_room_places (event_id, queue_key)`.execute(db)
  await sql`create index waiting_room_places_undrawn on waiting_room_places (event_id, seq)
    where queue_key is null`.execute(db)
  await sql`create index waiting_room_places_spent on waiting_room_places (event_id, spent_at)
    where spent_at is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waiting_room_places').execute()
  await sql`drop sequence waiting_room_arrivals`.execute(db)
  await db.schema.dropTable('waiting_rooms').execute()
}
