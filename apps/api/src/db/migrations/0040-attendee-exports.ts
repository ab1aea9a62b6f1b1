import { type Kysely, sql } from 'kysely'

/**
 * Attendees and their exports (issue 43 part 4), owned by the reports module.
 *
 * - `tickets_event_purchase_idx`: an event's tickets in order of purchase, what the back office's attendee
 *   list pages through and the exports read in keyset batches (`(created_at, id) > last`), so a batch of a
 *   100,000-ticket event starts where the last one stopped instead of sorting the event again.
 * - `attendee_exports`: an export of a big event made by a job; the file it wrote (`file_key`, under
 *   DATA_DIR/exports) and how far it got. One export of an event and format is underway at a time (the
 *   partial unique index): asking twice while it runs answers the same export.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index tickets_event_purchase_idx on tickets (event_id, created_at, id)`.execute(db)
  await db.schema
    .createTable('attendee_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.notNull())
    .addColumn('rows_total', 'integer')
    .addColumn('rows_written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('byte_size', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('file_expires_at', 'timestamptz')
    .addCheckConstraint('attendee_exports_format_ck', sql`format in ('csv', 'xlsx')`)
    .addCheckConstraint(
      'attendee_exports_status_ck',
      sql`status in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')`,
    )
    .execute()
  await db.schema
    .createIndex('attendee_exports_event_idx')
    .on('attendee_exports')
    .columns(['event_id', 'created_at'])
    .execute()
  await sql`create unique index attendee_exports_one_underway on attendee_exports (event_id, format)
    where status in ('QUEUED', 'RUNNING')`.execute(db)
  // The sweep finds the files to delete.
  await sql`create index attendee_exports_ready_idx on attendee_exports (file_expires_at)
    where status = 'READY'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendee_exports').ifExists().execute()
  await sql`drop index if exists tickets_event_purchase_idx`.execute(db)
}
