import { type Kysely, sql } from 'kysely'

/**
 * A ticket sold at the box office is handed over on paper, and a dynamic code cannot rotate on paper: a
 * walk-in with no account had a printout that said "show it from your phone" and no way in. Such a ticket
 * carries the static code of the same strength instead (`paperQrType`, packages/domain/src/tickets/qr.ts);
 * null keeps the event's code, as every ticket sold online does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('qr_type', 'text', (c) =>
      c.check(sql`qr_type is null or qr_type in ('STATIC_DEFAULT', 'STATIC_ENCRYPTED')`),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('qr_type').execute()
}
