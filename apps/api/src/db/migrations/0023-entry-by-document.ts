import { type Kysely, sql } from 'kysely'

/**
 * Entry by identity document (issue 15, IDENTIFICATION): a counter sale may bind its tickets to the holder's
 * document, so the gate admits them on sight of it — a buyer with no phone who lost the printout still gets
 * in, and a copied printout alone is not enough to pass for them. The order keeps the document until it is
 * paid (a reservation, a sale paid later), then each ticket carries it; a transfer clears it (the receiver
 * has another document). The gate looks tickets up by event and document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['orders', 'tickets']) {
    await db.schema
      .alterTable(table)
      .addColumn('entry_document_type', 'text')
      .addColumn('entry_document_number', 'text')
      .execute()
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_entry_document_ck`)}
      check ((entry_document_type is null) = (entry_document_number is null))`.execute(db)
  }
  await sql`create index tickets_entry_document_idx on tickets (event_id, entry_document_number)
    where entry_document_number is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tickets_entry_document_idx`.execute(db)
  for (const table of ['orders', 'tickets']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_entry_document_ck`)}`.execute(
      db,
    )
    await db.schema
      .alterTable(table)
      .dropColumn('entry_document_type')
      .dropColumn('entry_document_number')
      .execute()
  }
}
