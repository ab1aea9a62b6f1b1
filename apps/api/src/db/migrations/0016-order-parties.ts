import { type Kysely, sql } from 'kysely'

/**
 * Who is on an order, and many payments per order (issue 14 parts 1 and 2).
 *
 * An order names its buyer — a fan account (`user_id`), a pre-registered fan with no account yet
 * (`buyer_fan_id`) or a walk-in known by name only — the operator who sold it (`seller_user_id`, none
 * online), whoever placed it (`placed_by`: the fan online, the operator at the counter; idempotency keys
 * are theirs), the sales channel (spec §3) and the purchase kind (TICKET, or INSTALLMENT for a deposit
 * and scheduled payments). The CHECK constraints make each buyer kind carry exactly what it needs.
 *
 * A wallet part used to be a number on the order beside one provider payment; it becomes a payment row
 * of its own, so "is this order paid" is the sum of its PAID payments against its total
 * (packages/domain/src/checkout/order-balance.ts). Existing split orders get their wallet row here:
 * PAID where the debit stands (open or paid orders), REFUNDED where it was given back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('buyer_kind', 'text', (c) => c.notNull().defaultTo('ACCOUNT'))
    .addColumn('buyer_fan_id', 'uuid', (c) => c.references('fans.id'))
    .addColumn('buyer_name', 'text')
    .addColumn('buyer_email', 'text')
    .addColumn('buyer_phone', 'text')
    .addColumn('seller_user_id', 'uuid')
    .addColumn('placed_by', 'uuid')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('WEB_DESKTOP'))
    .addColumn('purchase_kind', 'text', (c) => c.notNull().defaultTo('TICKET'))
    .execute()
  await sql`update orders set placed_by = user_id`.execute(db)
  await db.schema
    .alterTable('orders')
    .alterColumn('placed_by', (c) => c.setNotNull())
    .execute()
  await db.schema
    .alterTable('orders')
    .alterColumn('user_id', (c) => c.dropNotNull())
    .execute()
  await sql`alter table orders
    add constraint orders_buyer_ck check (
      (buyer_kind = 'ACCOUNT' and user_id is not null and buyer_fan_id is null and buyer_name is null)
      or (buyer_kind = 'PRE_REGISTERED' and user_id is null and buyer_fan_id is not null and buyer_name is null)
      or (buyer_kind = 'WALK_IN' and user_id is null and buyer_fan_id is null and buyer_name is not null)),
    add constraint orders_channel_ck check (channel in ('APP', 'WEB_MOBILE', 'WEB_DESKTOP')),
    add constraint orders_purchase_kind_ck check (purchase_kind in ('TICKET', 'INSTALLMENT')),
    add constraint orders_seller_ck check (seller_user_id is null or seller_user_id = placed_by)`.execute(db)
  // A double submit is recognised by whoever placed it: the fan online, the operator at the counter.
  await sql`alter table orders drop constraint orders_user_idempotency_uq`.execute(db)
  await sql`create unique index orders_placed_by_idempotency_uq on orders (placed_by, idempotency_key)`.execute(
    db,
  )
  await sql`create index orders_buyer_fan_idx on orders (buyer_fan_id) where buyer_fan_id is not null`.execute(
    db,
  )
  await sql`create index orders_seller_idx on orders (seller_user_id, created_at)
    where seller_user_id is not null`.execute(db)

  // The ticket's holder, when not the buyer (an inscription's participant, a name given at the counter).
  await db.schema.alterTable('tickets').addColumn('holder_name', 'text').execute()

  // The wallet's ledger moves once per payment, not once per order: an order may now take from the wallet more
  // than once (a wallet part, then a balance paid from the wallet). Older entries keep the per-order rule.
  await db.schema.alterTable('wallet_entries').addColumn('payment_id', 'uuid').execute()
  await sql`drop index wallet_entries_order_kind_uq`.execute(db)
  await sql`create unique index wallet_entries_order_kind_uq on wallet_entries (order_id, kind)
    where order_id is not null and payment_id is null`.execute(db)
  await sql`create unique index wallet_entries_payment_kind_uq on wallet_entries (payment_id, kind)
    where payment_id is not null`.execute(db)

  await sql`insert into payments (order_id, user_id, provider_code, method, amount, currency, status,
      transaction_status, idempotency_key, refund_state, refund_method, created_at, updated_at)
    select o.id, o.user_id, 'wallet', 'WALLET', o.wallet_amount, o.currency,
      case when o.status in ('PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'PAID', 'TRANSFERRED')
        then 'PAID' else 'REFUNDED' end,
      'COMPLETED', 'wallet-' || o.id,
      case when o.status in ('PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'PAID', 'TRANSFERRED')
        then null else 'DONE' end,
      case when o.status in ('PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'PAID', 'TRANSFERRED')
        then null else 'WALLET' end,
      o.created_at, o.updated_at
    from orders o
    where o.wallet_amount > 0 and o.method <> 'WALLET'
      and not exists (select 1 from payments p where p.order_id = o.id and p.provider_code = 'wallet')`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from payments p using orders o
    where p.order_id = o.id and p.provider_code = 'wallet' and o.method <> 'WALLET'`.execute(db)
  await db.schema.alterTable('tickets').dropColumn('holder_name').execute()
  await sql`drop index if exists wallet_entries_payment_kind_uq`.execute(db)
  await sql`drop index if exists wallet_entries_order_kind_uq`.execute(db)
  await sql`create unique index wallet_entries_order_kind_uq on wallet_entries (order_id, kind)
    where order_id is not null`.execute(db)
  await db.schema.alterTable('wallet_entries').dropColumn('payment_id').execute()
  await sql`drop index if exists orders_seller_idx`.execute(db)
  await sql`drop index if exists orders_buyer_fan_idx`.execute(db)
  await sql`drop index if exists orders_placed_by_idempotency_uq`.execute(db)
  await sql`alter table orders drop constraint if exists orders_buyer_ck,
    drop constraint if exists orders_channel_ck, drop constraint if exists orders_purchase_kind_ck,
    drop constraint if exists orders_seller_ck`.execute(db)
  await sql`alter table orders add constraint orders_user_idempotency_uq unique (user_id, idempotency_key)`.execute(
    db,
  )
  for (const column of [
    'purchase_kind',
    'channel',
    'placed_by',
    'seller_user_id',
    'buyer_phone',
    'buyer_email',
    'buyer_name',
    'buyer_fan_id',
    'buyer_kind',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute()
  }
}
