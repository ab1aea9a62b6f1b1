import { type Kysely, sql } from 'kysely'

// Catalogue additions to 0001 (issue 4): sponsor banners and ticket frames, plus the indexes the event
// page's lookups need. Portable SQL only (DESIGN §1): partial unique indexes work on PostgreSQL 15,
// PGlite and the distributed engines alike. "Expired" is not stored: it is ends_at in the past.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sponsor_banners')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text')
    // Order on the page, lowest first (the headline sponsor is 0).
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('sponsor_banners_event_idx')
    .on('sponsor_banners')
    .columns(['event_id', 'position'])
    .execute()

  // A frame belongs to one event, or (event_id null) is its country's default for every other event.
  await db.schema
    .createTable('ticket_frames')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('background_color', 'text', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('text_color', 'text', (c) => c.notNull().defaultTo('#1a1b1e'))
    .addColumn('accent_color', 'text', (c) => c.notNull().defaultTo('#1c7ed6'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ticket_frames_event_uq')
    .on('ticket_frames')
    .column('event_id')
    .unique()
    .where(sql.ref('event_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('ticket_frames_country_default_uq')
    .on('ticket_frames')
    .column('country')
    .unique()
    .where(sql.ref('event_id'), 'is', null)
    .execute()

  // The event page lists a tour's other dates and a product's included events.
  await db.schema.createIndex('events_tour_idx').on('events').column('tour_id').execute()
  await db.schema
    .createIndex('event_product_items_event_idx')
    .on('event_product_items')
    .column('event_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_product_items_event_idx').ifExists().execute()
  await db.schema.dropIndex('events_tour_idx').ifExists().execute()
  await db.schema.dropTable('ticket_frames').ifExists().execute()
  await db.schema.dropTable('sponsor_banners').ifExists().execute()
}
