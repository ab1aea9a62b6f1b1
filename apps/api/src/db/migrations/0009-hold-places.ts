import { type Kysely, sql } from 'kysely'

/**
 * A hold in one round trip (issue 5, DESIGN §8 holds throughput). `hold_places` does what a hold used to do
 * in seven statements from the API: lock the fan for the event (`lock_fan_event`, which the checkout also
 * takes), find or create the live hold, take
 * the places, check the per-fan maximum. Called as one statement, it is one transaction: any refusal raises,
 * and everything it did rolls back (all or nothing, issue 5 part 3).
 *
 * Why a function: a hold spent more of the database's CPU planning its statements than running them, and
 * as much of the API's CPU on round trips. PL/pgSQL keeps each statement's plan for the connection.
 *
 * What still holds (DESIGN §5):
 * - The guarantees are those of the statements. In READ COMMITTED each statement takes a fresh snapshot,
 *   so the find-or-create runs after the fan lock and sees a hold that a racing request of the same fan
 *   committed while this one waited.
 * - Places are locked in one stable order, NOWAIT for named seats (a hot seat fails fast with 55P03), SKIP
 *   LOCKED for unnumbered slots. The UPDATE that grants re-checks that each place is free, or that its hold
 *   expired, in the same statement.
 * - Expiry is decided there too, by `now()`.
 *
 * Refusals raise P0001 with the message naming the case and a JSON DETAIL for the API's answer:
 * - `PLACES_NOT_TAKEN`: the seats it could not take (`{section, row, seat, status, restriction}`; no status
 *   when the seat does not exist), so the API says why.
 * - `SLOTS_SHORT`: how many slots were free.
 * - `MAX_PER_FAN_EXCEEDED`: the zone and its maximum.
 *
 * The statuses whose holds keep their seats come from the domain (`p_holding`), not from here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One fan's hold changes for one event are serialised by a transaction-scoped advisory lock, not by
  // upserting a row: same guarantee (the per-fan maximum is checked under it), no row written and no WAL
  // for every hold. Two pairs sharing a 64-bit hash would only wait for each other.
  await sql`
    create function lock_fan_event(p_event uuid, p_user uuid) returns void
    language sql
    as $fn$ select pg_advisory_xact_lock(hashtextextended(p_event::text || '/' || p_user::text, 0)) $fn$`.execute(
    db,
  )
  await sql`drop table hold_locks`.execute(db)

  await sql`
    create function hold_places(
      p_event uuid, p_user uuid, p_minutes int, p_allow_exclusive boolean, p_holding text[],
      p_sections text[], p_rows text[], p_seats int[],
      p_slot_section text, p_quantity int
    ) returns jsonb
    language plpgsql
    -- The statements' plans are made once per connection. Left to choose, PostgreSQL re-plans the take
    -- for every call (its generic estimate for an array of seats looks dearer than a custom plan), and
    -- planning cost more than running it; the generic plan is the same index walk.
    set plan_cache_mode = force_generic_plan
    as $fn$
    declare
      h record;
      v_made boolean;
      v_missed jsonb;
      v_got int;
      v_granted jsonb;
      v_over record;
    begin
      perform lock_fan_event(p_event, p_user);

      select id, event_id, status, created_at, expires_at into h from seat_holds
        where event_id = p_event and user_id = p_user and status in ('BOOKED', 'ACTIVE') and expires_at > now()
        order by created_at desc
        limit 1;
      v_made := not found;
      if v_made then
        insert into seat_holds (event_id, user_id, status, expires_at)
          values (p_event, p_user, 'BOOKED', now() + make_interval(mins => p_minutes))
          returning id, event_id, status, created_at, expires_at into h;
      end if;

      if p_sections is not null then
        -- Seats already in this hold (a repeated click) are kept as they are; duplicates count once.
        with wanted as (
          select distinct w.s, w.r, w.n from unnest(p_sections, p_rows, p_seats) as w(s, r, n)
          where v_made or not exists (
            select 1 from event_seats m
            where m.hold_id = h.id and m.status = 'HELD'
              and m.event_id = p_event and m.section_code = w.s and m.row_label = w.r and m.seat_number = w.n)
        ), locked as (
          select es.section_code, es.place_index from event_seats es
          join wanted w on es.section_code = w.s and es.row_label = w.r and es.seat_number = w.n
          where es.event_id = p_event
          order by es.section_code, es.place_index
          for update of es nowait
        ), took as (
          update event_seats es
          set status = 'HELD', hold_id = h.id, hold_expires_at = h.expires_at, change_seq = nextval('seat_change_seq')
          from locked l
          where es.event_id = p_event and es.section_code = l.section_code and es.place_index = l.place_index
            and (es.status = 'AVAILABLE' or (es.status = 'HELD' and es.hold_expires_at <= now()))
            and (es.restriction is null or es.restriction = 'PREFERENTIAL' or p_allow_exclusive)
          returning es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq
        )
        select count(*), coalesce(jsonb_agg(took), '[]'::jsonb),
          -- Each seat not taken, with what the statement saw of it (no row: it does not exist), so the
          -- API can say why without reading again.
          (select jsonb_agg(jsonb_build_object('section', w.s, 'row', w.r, 'seat', w.n,
              'status', es.status, 'restriction', es.restriction))
            from wanted w
            left join event_seats es
              on es.event_id = p_event and es.section_code = w.s and es.row_label = w.r and es.seat_number = w.n
            where not exists (select 1 from took t where t.section_code = w.s and t.row_label = w.r and t.seat_number = w.n))
          into v_got, v_granted, v_missed from took;
        if v_missed is not null then
          raise exception using message = 'PLACES_NOT_TAKEN', detail = v_missed::text;
        end if;
      else
        with picked as (
          select section_code, place_index from event_seats
          where event_id = p_event and section_code = p_slot_section and row_label = 'UNNUMBERED'
            and (status = 'AVAILABLE' or (status = 'HELD' and hold_expires_at <= now()))
          order by place_index
          limit p_quantity
          for update skip locked
        ), took as (
          update event_seats es
          set status = 'HELD', hold_id = h.id, hold_expires_at = h.expires_at, change_seq = nextval('seat_change_seq')
          from picked p
          where es.event_id = p_event and es.section_code = p.section_code and es.place_index = p.place_index
            and (es.status = 'AVAILABLE' or (es.status = 'HELD' and es.hold_expires_at <= now()))
          returning es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq
        )
        select count(*), coalesce(jsonb_agg(took), '[]'::jsonb) into v_got, v_granted from took;
        if v_got <> p_quantity then
          raise exception using message = 'SLOTS_SHORT', detail = jsonb_build_object('available', v_got)::text;
        end if;
      end if;

      -- Places this fan holds or bought, per price zone, against the zone's per-fan maximum.
      select z.zone, z.per_fan_max into v_over from (
        select es.price_zone_id as zone, count(*) as n, min(pz.per_fan_max) as per_fan_max
        from event_seats es
        join seat_holds sh on sh.id = es.hold_id
        left join price_zones pz on pz.id = es.price_zone_id
        where sh.event_id = p_event and sh.user_id = p_user
          and ((es.status = 'HELD' and es.hold_expires_at > now() and sh.status = any (p_holding)) or es.status = 'SOLD')
        group by es.price_zone_id
      ) z
      where z.per_fan_max is not null and z.n > z.per_fan_max
      limit 1;
      if found then
        raise exception using message = 'MAX_PER_FAN_EXCEEDED',
          detail = jsonb_build_object('zoneId', v_over.zone, 'max', v_over.per_fan_max)::text;
      end if;

      return jsonb_build_object(
        'hold', jsonb_build_object(
          'id', h.id, 'event_id', h.event_id, 'status', h.status,
          'created_at', h.created_at, 'expires_at', h.expires_at, 'created', v_made),
        'taken', (
          select coalesce(jsonb_agg(jsonb_build_object(
              'section_code', t->>'section_code', 'place_index', (t->>'place_index')::int,
              'row_label', t->>'row_label', 'seat_number', (t->>'seat_number')::int,
              'price_zone_id', t->>'price_zone_id', 'change_seq', (t->>'change_seq')::bigint,
              'zone_name', pz.name, 'price_amount', pz.price_amount)), '[]'::jsonb)
          from jsonb_array_elements(v_granted) t
          left join price_zones pz on pz.id = (t->>'price_zone_id')::uuid));
    end
    $fn$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists hold_places(uuid, uuid, int, boolean, text[], text[], text[], int[], text, int)`.execute(
    db,
  )
  await sql`drop function if exists lock_fan_event(uuid, uuid)`.execute(db)
  await db.schema
    .createTable('hold_locks')
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('touched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('hold_locks_pk', ['event_id', 'user_id'])
    .execute()
}
