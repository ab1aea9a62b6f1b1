import { type Kysely, sql } from 'kysely'

/**
 * Bank-financed card instalments (issue 16 part 7): the number of monthly parts the fan chose for a card
 * payment (meses sin intereses, cuotas). Their bank pays us the whole amount at once, so nothing else
 * changes; the count is kept to show on the purchase and for support. Null for anything but a card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('card_installments', 'integer').execute()
  await sql`alter table payments add constraint payments_card_installments_ck
    check (card_installments is null or card_installments between 1 and 36)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_card_installments_ck`.execute(db)
  await db.schema.alterTable('payments').dropColumn('card_installments').execute()
}
