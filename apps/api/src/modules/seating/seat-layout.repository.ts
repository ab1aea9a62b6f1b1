import type { Db } from '../../db/dialect.js'

/** The event's currency and the layout version it uses, without the (large) layout document. */
export async function eventLayoutRef(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .leftJoin('layouts as l', 'l.id', 'e.layout_id')
    .select(['e.id', 'e.currency', 'l.id as layout_id', 'l.version as layout_version'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
}

/** A stored layout document: 0.5 MB for the demo stadium, 1.5 MB for 100,000 seats. */
export async function layoutDocument(db: Db, layoutId: string): Promise<unknown> {
  const row = await db.selectFrom('layouts').select('data').where('id', '=', layoutId).executeTakeFirst()
  return row?.data ?? null
}

export async function priceZonesOf(db: Db, eventId: string) {
  return db
    .selectFrom('price_zones')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
}
