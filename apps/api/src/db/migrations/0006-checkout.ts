import { type Kysely, sql } from 'kysely'

/**
 * Checkout and payments (issue 6). Limits that must never be passed are CHECK constraints or unique
 * indexes, so a bug in a service cannot oversell: wallet balances never below zero, promo uses never
 * above their maximum, a card token used once, a webhook stored once, a seat ticketed once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Per-event fees, shown in the cart before payment; no row means no fee.
  await db.schema
    .createTable('event_fees')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('percent_bps', 'integer', (c) => c.notNull().defaultTo(0).check(sql`percent_bps >= 0`))
    .addColumn('fixed_amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fixed_amount >= 0`))
    .execute()

  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('PERCENT', 'FIXED')`))
    .addColumn('percent_bps', 'integer')
    .addColumn('amount', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_fan', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('zone_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('promo_codes_country_code_uq', ['country', 'code'])
    .addCheckConstraint('promo_codes_uses_ck', sql`uses >= 0 and (max_uses is null or uses <= max_uses)`)
    .execute()

  // Uses per fan, counted on a row that the conditional UPDATE both checks and bumps.
  await db.schema
    .createTable('promo_fan_uses')
    .addColumn('promo_id', 'uuid', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addPrimaryKeyConstraint('promo_fan_uses_pk', ['promo_id', 'user_id'])
    .execute()

  // The code a fan applied to a reservation's cart; it survives a reload and is checked again at payment.
  await db.schema
    .createTable('cart_promos')
    .addColumn('hold_id', 'uuid', (c) => c.primaryKey().references('seat_holds.id').onDelete('cascade'))
    .addColumn('promo_id', 'uuid', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('wallet_accounts')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_accounts_pk', ['user_id', 'currency'])
    .execute()

  await db.schema
    .createTable('wallet_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('wallet_entries_user_idx')
    .on('wallet_entries')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('hold_id', 'uuid', (c) => c.notNull().references('seat_holds.id'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('purchase_status', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('fees', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('wallet_amount', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('promo_id', 'uuid', (c) => c.references('promo_codes.id'))
    .addColumn('promo_code', 'text')
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('contact', 'jsonb', (c) => c.notNull())
    .addColumn('billing', 'jsonb', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('orders_user_idempotency_uq', ['user_id', 'idempotency_key'])
    .execute()
  // One open or paid order per reservation: two parallel pay presses cannot both start a payment.
  await sql`create unique index orders_one_live_per_hold on orders (hold_id)
    where status in ('PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'PAID')`.execute(db)
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute()

  // Ledger entries that must happen once per order (the wallet debit and its give-back).
  await sql`create unique index wallet_entries_order_kind_uq on wallet_entries (order_id, kind)
    where order_id is not null`.execute(db)

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('provider_code', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('transfer_kind', 'text')
    .addColumn('bank', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transaction_status', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('card_token_hash', 'text')
    // Kept only while a card's outcome is unknown, to retry with the same idempotency key; then cleared.
    .addColumn('retry_token', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('voucher', 'jsonb')
    .addColumn('transfer', 'jsonb')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('refund_state', 'text')
    .addColumn('refund_method', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz')
    .execute()
  await sql`create unique index payments_provider_id_uq on payments (provider_code, provider_payment_id)
    where provider_payment_id is not null`.execute(db)
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute()
  await db.schema
    .createIndex('payments_status_idx')
    .on('payments')
    .columns(['status', 'updated_at'])
    .execute()

  await db.schema
    .createTable('used_card_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull())
    .addColumn('section_code', 'text', (c) => c.notNull())
    .addColumn('place_index', 'integer', (c) => c.notNull())
    .addColumn('row_label', 'text', (c) => c.notNull())
    .addColumn('seat_number', 'integer', (c) => c.notNull())
    .addColumn('zone_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ownership', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('qr_secret', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Issuing twice is impossible: one ticket per place per order …
    .addUniqueConstraint('tickets_order_place_uq', ['order_id', 'section_code', 'place_index'])
    .execute()
  // … and one valid ticket per place of an event.
  await sql`create unique index tickets_one_valid_per_place on tickets (event_id, section_code, place_index)
    where status = 'PAID'`.execute(db)
  await db.schema
    .createIndex('tickets_owner_idx')
    .on('tickets')
    .columns(['owner_user_id', 'event_id'])
    .execute()

  // Inbox of provider notifications (DESIGN §5): a replay is stored once.
  await db.schema
    .createTable('payment_webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('RECEIVED'))
    .addColumn('outcome', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addUniqueConstraint('payment_webhooks_uq', ['provider', 'notification_id'])
    .execute()

  // The sandbox provider's own books: a pretend provider, its data is not ours.
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payment_id', 'uuid', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('reference', 'text')
    .addColumn('barcode', 'text')
    .addColumn('clabe', 'text')
    .addColumn('return_url', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('sandbox_payments_payment_idx')
    .on('sandbox_payments')
    .column('payment_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sandbox_payments',
    'payment_webhooks',
    'tickets',
    'used_card_tokens',
    'payments',
    'wallet_entries',
    'orders',
    'wallet_accounts',
    'cart_promos',
    'promo_fan_uses',
    'promo_codes',
    'event_fees',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
