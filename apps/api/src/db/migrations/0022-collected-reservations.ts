import { type Kysely, sql } from 'kysely'

/**
 * Seats reserved at one counter are often paid at another (issue 15, RESERVATION): the operator who takes the
 * money sells it — the sale is in their shift, on their receipt, theirs to void — while `placed_by` keeps who
 * reserved. A seller is still always staff placing or collecting a counter order; an online order has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_seller_ck`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set seller_user_id = placed_by where seller_user_id is not null`.execute(db)
  await sql`alter table orders
    add constraint orders_seller_ck check (seller_user_id is null or seller_user_id = placed_by)`.execute(db)
}
