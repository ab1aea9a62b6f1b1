import { type Kysely, sql } from 'kysely'

/**
 * The organiser console finds an order by what its buyer remembers (issue 43 part 3): the code (already
 * unique), the e-mail, the phone or the document as given at checkout. Each is an exact match on its own index,
 * so a search over a million orders reads a handful of rows (the budget: p95 ≤ 200 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_contact_email_idx on orders (lower(contact->>'email'))`.execute(db)
  await sql`create index orders_contact_phone_idx on orders ((contact->>'phone'))`.execute(db)
  await sql`create index orders_billing_document_idx on orders ((billing->>'documentNumber'))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_billing_document_idx`.execute(db)
  await sql`drop index if exists orders_contact_phone_idx`.execute(db)
  await sql`drop index if exists orders_contact_email_idx`.execute(db)
}
