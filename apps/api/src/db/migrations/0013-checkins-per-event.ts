import { type Kysely, sql } from 'kysely'

/**
 * Gate check-ins per event (issue 13). A season pass or event bundle is one ticket that admits to every
 * event its product includes, so "exactly once" means once per (ticket, event): the primary key moves from
 * the ticket alone to the pair. It still decides the race: two gates of the same event scanning a pass at
 * the same instant cannot both insert, while the gates of two included events each admit it once.
 * Reads by ticket alone (has it been used anywhere, before a transfer) use the key's leading column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ticket_checkins drop constraint ticket_checkins_pkey`.execute(db)
  await sql`alter table ticket_checkins add constraint ticket_checkins_pkey primary key (ticket_id, event_id)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // One row per ticket again: a pass keeps only its first entry.
  await sql`delete from ticket_checkins c using ticket_checkins first
    where first.ticket_id = c.ticket_id
      and (first.checked_in_at, first.event_id) < (c.checked_in_at, c.event_id)`.execute(db)
  await sql`alter table ticket_checkins drop constraint ticket_checkins_pkey`.execute(db)
  await sql`alter table ticket_checkins add constraint ticket_checkins_pkey primary key (ticket_id)`.execute(
    db,
  )
}
