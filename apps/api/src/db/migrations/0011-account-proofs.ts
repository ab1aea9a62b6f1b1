import { type Kysely, sql } from 'kysely'

/**
 * Accounts hardening (issue 12). A pre-registered fan (a ticket sent to an address nobody has claimed, or a
 * person entered at the box office) is no longer completed by whoever signs up with that address: the
 * new account gets its own fan row, and the pre-registered one joins it only once the account proves the
 * address or phone the tickets were sent to. So an email, phone or document may stand twice among fans —
 * once on a pre-registered row and once on an account's row — but never twice within either kind.
 */
const KEYS = {
  email: ['email'],
  phone: ['phone_prefix', 'phone_number'],
  document: ['document_type', 'document_number'],
} as const

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fans drop constraint fans_email_key`.execute(db)
  await sql`alter table fans drop constraint fans_phone_uq`.execute(db)
  await sql`alter table fans drop constraint fans_document_uq`.execute(db)
  for (const [name, columns] of Object.entries(KEYS)) {
    const cols = sql.join(columns.map((c) => sql.ref(c)))
    // The names say which kind of row collided; sign-up maps them to RepeatedPhoneNumber and the like.
    await sql`create unique index ${sql.ref(`fans_${name}_uq`)} on fans (${cols})
      where registration_status <> 'PRE_REGISTERED'`.execute(db)
    await sql`create unique index ${sql.ref(`fans_${name}_pre_uq`)} on fans (${cols})
      where registration_status = 'PRE_REGISTERED'`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(KEYS)) {
    await sql`drop index if exists ${sql.ref(`fans_${name}_uq`)}`.execute(db)
    await sql`drop index if exists ${sql.ref(`fans_${name}_pre_uq`)}`.execute(db)
  }
  await sql`alter table fans add constraint fans_email_key unique (email)`.execute(db)
  await sql`alter table fans add constraint fans_phone_uq unique (phone_prefix, phone_number)`.execute(db)
  await sql`alter table fans add constraint fans_document_uq unique (document_type, document_number)`.execute(
    db,
  )
}
