import { type Kysely, sql } from 'kysely'

/**
 * Private uploads for inscription forms (issue 17 part 3). A row is created when a fan asks for an upload
 * URL; the file lives in object storage under `staging_key` until the server has checked it, then under
 * `stored_key`. `put_token_hash` is the SHA-256 of the local upload URL's token, cleared when the URL is
 * used, so a URL works once. `staging_key` stays set until the sweep has deleted the staging object after
 * the URL expired (an S3 URL cannot be made single-use; a late PUT there must not outlive it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('max_bytes', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('reject_code', 'text')
    .addColumn('staging_key', 'text')
    .addColumn('stored_key', 'text')
    .addColumn('put_token_hash', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('attached_at', 'timestamptz')
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute()
  await db.schema.createIndex('uploads_order').on('uploads').column('order_id').execute()
  // The sweep's two questions: unattached rows past a day, and staging objects past their URL's expiry.
  await sql`create index uploads_unattached on uploads (created_at) where status <> 'ATTACHED'`.execute(db)
  await sql`create index uploads_staging on uploads (expires_at) where staging_key is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute()
}
