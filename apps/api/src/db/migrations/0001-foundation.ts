import { type Kysely, sql } from 'kysely'

// Portable SQL only (DESIGN §1): PostgreSQL 15 in CI, PGlite (18) embedded, distributed SQL later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('venues')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('stadium_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('layouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('venue_id', 'uuid', (c) => c.notNull().references('venues.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('seat_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('layouts_venue_name_version_uq', ['venue_id', 'name', 'version'])
    .execute()

  await db.schema
    .createTable('categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_es', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('sport_organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addUniqueConstraint('sport_organizations_country_code_uq', ['country', 'code'])
    .execute()

  await db.schema
    .createTable('tours')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tours_country_slug_uq', ['country', 'slug'])
    .execute()

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('venue_id', 'uuid', (c) => c.notNull().references('venues.id'))
    .addColumn('layout_id', 'uuid', (c) => c.references('layouts.id'))
    .addColumn('tour_id', 'uuid', (c) => c.references('tours.id'))
    .addColumn('category_id', 'uuid', (c) => c.references('categories.id'))
    .addColumn('sport_organization_id', 'uuid', (c) => c.references('sport_organizations.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('on_sale_at', 'timestamptz', (c) => c.notNull())
    .addColumn('off_sale_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('page_category', 'text', (c) => c.notNull().defaultTo('HOME'))
    .addColumn('qr_type', 'text', (c) => c.notNull().defaultTo('STATIC_DEFAULT'))
    .addColumn('image_url', 'text')
    .addColumn('installments_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('events_country_slug_uq', ['country', 'slug'])
    .addCheckConstraint('events_end_after_start_ck', sql`ends_at > starts_at`)
    .addCheckConstraint('events_sale_window_ck', sql`off_sale_at > on_sale_at`)
    .execute()
  await db.schema
    .createIndex('events_listing_idx')
    .on('events')
    .columns(['country', 'status', 'visibility', 'starts_at'])
    .execute()

  await db.schema
    .createTable('price_zones')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_amount', 'bigint', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('section_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('per_fan_max', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('zone_type', 'text', (c) => c.notNull().defaultTo('GRANDSTAND'))
    .addColumn('numbered', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#1c7ed6'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('price_zones_price_ck', sql`price_amount >= 0`)
    .execute()
  await db.schema.createIndex('price_zones_event_idx').on('price_zones').column('event_id').execute()

  await db.schema
    .createTable('event_product_items')
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_product_items_pk', ['product_id', 'event_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'event_product_items',
    'price_zones',
    'events',
    'tours',
    'sport_organizations',
    'categories',
    'layouts',
    'venues',
    'app_meta',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
