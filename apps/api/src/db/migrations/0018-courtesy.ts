import { type Kysely, sql } from 'kysely'

/**
 * Courtesy tickets at the box office (issue 15 part 3; docs/decisions.md, Box office).
 *
 * A courtesy is given for a reason from an admin-managed list (spec §7 courtesy reason types), and counts
 * against the event's courtesy quota, set by an admin. The quota is a count: the seats themselves come from
 * the block set aside for the box office (EXCLUSIVE seats, which only staff may hold), never from what the
 * public can pick. `issued` counts the courtesy tickets given; an operator's courtesy must fit in the quota
 * (checked by the conditional update that takes it), an admin's may pass it (their approval).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courtesy_reasons')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z][A-Z_]{1,39}$'`))
    .addColumn('name_es', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`insert into courtesy_reasons (code, name_es, name_en, position) values
    ('SPONSOR', 'Patrocinador', 'Sponsor', 1),
    ('PRESS', 'Prensa', 'Press', 2),
    ('ARTIST_GUEST', 'Invitado del artista o del club', 'Artist or club guest', 3),
    ('PROTOCOL', 'Protocolo', 'Protocol', 4),
    ('PROMOTION', 'Promoción o concurso', 'Promotion or contest', 5),
    ('COMPENSATION', 'Compensación a un fan', 'Compensation to a fan', 6)`.execute(db)

  await db.schema
    .createTable('courtesy_quotas')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id'))
    .addColumn('quota', 'integer', (c) => c.notNull().check(sql`quota >= 0`))
    .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0).check(sql`issued >= 0`))
    .execute()

  await db.schema
    .alterTable('orders')
    .addColumn('courtesy_reason', 'text', (c) => c.references('courtesy_reasons.code'))
    .execute()
  await db.schema.alterTable('tickets').addColumn('courtesy_reason', 'text').execute()
  // What identifies a counter tender on paper: the terminal's authorization, or the courtesy's reason. Not
  // the provider's payment id, which is unique per provider: two terminals may print the same number.
  await db.schema.alterTable('payments').addColumn('counter_reference', 'text').execute()
  await sql`update payments set counter_reference = provider_payment_id, provider_payment_id = null
    where provider_code = 'staff'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('counter_reference').execute()
  await db.schema.alterTable('tickets').dropColumn('courtesy_reason').execute()
  await db.schema.alterTable('orders').dropColumn('courtesy_reason').execute()
  await db.schema.dropTable('courtesy_quotas').execute()
  await db.schema.dropTable('courtesy_reasons').execute()
}
