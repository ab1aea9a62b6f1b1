import { sql } from 'kysely'
import type { Db } from '../dialect.js'

/**
 * The demo's waiting rooms (issue 42 part 1): each country's biggest match, its league final on the stadium
 * map, sells through a room opening with the sale (already open, so arrivals queue in order). The room's
 * rate is computed from its target: 100 checkouts at once over the 5 minutes a checkout is assumed to take
 * until real ones are measured, 20 fans a minute.
 */
export const DEMO_WAITING_ROOM_EVENTS = [
  'superliga-nacional-vs-santa-fe',
  'champions-cup-olmecas-vs-insurgentes',
]

export async function seedDemoWaitingRooms(trx: Db) {
  await sql`
    insert into waiting_rooms (event_id, enabled, opens_at, target_checkouts, shuffle_seed)
    select id, true, on_sale_at, 100, floor(random() * 2147483647)::int
    from events where slug in (${sql.join(DEMO_WAITING_ROOM_EVENTS)})
    on conflict (event_id) do nothing`.execute(trx)
}
