import { type Kysely, sql } from 'kysely'

/**
 * Tickets after issue (issue 7): owners, transfers, QR secret versions and gate check-ins.
 *
 * A transfer changes the owner of the one ticket row (ownership RECEIVED, a new secret, secret_version + 1)
 * and logs the move in ticket_transfers, where the sender still sees it as TRANSFERRED. One row, not two,
 * because the checkout's constraints allow one ticket per place per order. A receiver who has no account
 * yet is a PRE_REGISTERED fan: the ticket then points at the fan (owner_fan_id) with no user, and becomes
 * theirs the moment they sign up with that email or phone (the fan row gets its user_id).
 *
 * Check-ins are one row per ticket (the primary key): two gates scanning at the same instant cannot both
 * admit it, whatever the service does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('secret_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema
    .alterTable('tickets')
    .addColumn('owner_fan_id', 'uuid', (c) => c.references('fans.id'))
    .execute()
  await db.schema
    .alterTable('tickets')
    .alterColumn('owner_user_id', (c) => c.dropNotNull())
    .execute()
  await db.schema.createIndex('tickets_owner_fan_idx').on('tickets').column('owner_fan_id').execute()

  // Not in the spec's data: whether the organiser lets fans pass tickets on. Allowed unless switched off.
  await db.schema
    .alterTable('events')
    .addColumn('tickets_transferable', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()

  await db.schema
    .createTable('ticket_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // One transfer per ticket: the receiver cannot pass it on and the sender cannot take it back.
    .addColumn('ticket_id', 'uuid', (c) => c.notNull().unique().references('tickets.id'))
    .addColumn('from_user_id', 'uuid', (c) => c.notNull())
    .addColumn('to_fan_id', 'uuid', (c) => c.notNull().references('fans.id'))
    .addColumn('to_user_id', 'uuid')
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ticket_transfers_from_idx')
    .on('ticket_transfers')
    .columns(['from_user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('ticket_checkins')
    .addColumn('ticket_id', 'uuid', (c) => c.primaryKey().references('tickets.id'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('gate', 'text', (c) => c.notNull())
    .addColumn('operator_user_id', 'uuid', (c) => c.notNull())
    .addColumn('secret_version', 'integer', (c) => c.notNull())
    .addColumn('checked_in_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ticket_checkins_event_idx')
    .on('ticket_checkins')
    .columns(['event_id', 'checked_in_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_checkins').ifExists().execute()
  await db.schema.dropTable('ticket_transfers').ifExists().execute()
  await db.schema.alterTable('events').dropColumn('tickets_transferable').execute()
  await db.schema.dropIndex('tickets_owner_fan_idx').ifExists().execute()
  await db.schema.alterTable('tickets').dropColumn('owner_fan_id').execute()
  await db.schema.alterTable('tickets').dropColumn('secret_version').execute()
}
