/**
 * `hold_places`: the hold rule as the database applies it, in one statement and so one transaction (issue 5,
 * DESIGN §8 holds throughput). This file is its current and only body; the rule in words, and the same rule
 * in TypeScript (`decideHold`), are packages/domain/src/seating/hold-rules.ts, and one table of cases runs
 * against both (modules/seating/hold-rule.cases.test.ts, on PGlite and PostgreSQL).
 *
 * What it does, given the fan (`p_user`), the event and either named seats or a quantity of an unnumbered
 * section: takes the fan's per-event lock (`lock_fan_event`, migration 0009, which checkout takes too), finds
 * the fan's live hold (BOOKED or ACTIVE, not past its time) or makes one (BOOKED, `p_minutes` from now),
 * takes the places, then checks the zone's per-fan maximum. Any refusal raises, and everything it did rolls
 * back (all or nothing, issue 5 part 3):
 * - `PLACES_NOT_TAKEN`: the seats it could not take (`{section, row, seat, status, restriction}`; no status
 *   when the seat does not exist), so the API says why (`seatRefusal`).
 * - `SLOTS_SHORT`: how many slots were free.
 * - `MAX_PER_FAN_EXCEEDED`: the zone and its maximum.
 * The statuses whose holds keep their places come in as `p_holding` (HOLDING_STATUSES,
 * packages/domain/src/seating/reservation-lifecycle.ts), not from here.
 *
 * What still holds (DESIGN §5): in READ COMMITTED each statement takes a fresh snapshot, so the find-or-make
 * runs after the fan lock and sees a hold that a racing request of the same fan committed while this one
 * waited. Places are locked in one stable order, NOWAIT for named seats (a hot seat fails fast with 55P03),
 * SKIP LOCKED for unnumbered slots; the UPDATE that grants re-checks that each place is free, or that its
 * hold lapsed, in the same statement. Expiry is decided there too, by `now()`.
 *
 * Why PL/pgSQL: a hold spent more of the database's CPU planning its statements than running them, and as
 * much of the API's on round trips; a function keeps each statement's plan for the connection.
 *
 * Why so few statements on the granted path (issue 42 part 4): most of what a granted hold costs PostgreSQL
 * beyond its writes is setting up each statement's executor (perf: a quarter of the backend's CPU in
 * ExecutorStart/ExecInitNode), not running it. So the take also builds the answer's places with their zone's
 * name and price, and the seats not taken are read in a statement of their own that only a refusal runs
 * (what it reads is what the take saw: the take locked every seat that exists, and this transaction keeps
 * those locks). A granted hold of named seats runs: the fan lock, the find, the insert of a new hold, the
 * take, the per-fan count (not for staff).
 *
 * Why a TypeScript module and not a `.sql` file: the API is compiled by tsc into dist/, which copies no other
 * files, and migrations are listed in code, not read from disk (db/migrate.ts), so the compiled server and
 * the tests migrate the same way. A string exported from here needs no copying step and no path that
 * differs between src/ and dist/. It is plain SQL in a template string, with no interpolation.
 *
 * To change the rule: change the body here, change `decideHold` and the table of cases with it, and add a
 * migration that applies this file again (`create or replace` keeps the function, its grants and comment).
 * Migrations 0009 and 0020 are its history; 0033 and later ones apply this file (0037: the leaner granted
 * path above).
 */

/** The function's identity, for comments, grants and drops. */
export const HOLD_PLACES_SIGNATURE =
  'hold_places(uuid, uuid, int, boolean, text[], text[], text[], int[], text, int)'

export const HOLD_PLACES_SQL = `
create or replace function hold_places(
  p_event uuid, p_user uuid, p_minutes int, p_allow_exclusive boolean, p_holding text[],
  p_sections text[], p_rows text[], p_seats int[],
  p_slot_section text, p_quantity int
) returns jsonb
language plpgsql
-- The statements' plans are made once per connection. Left to choose, PostgreSQL re-plans the take for every
-- call (its generic estimate for an array of seats looks dearer than a custom plan), and planning cost more
-- than running it; the generic plan is the same index walk.
set plan_cache_mode = force_generic_plan
as $fn$
declare
  h record;
  v_made boolean;
  v_missed jsonb;
  v_got int;
  v_wanted int;
  v_taken jsonb;
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
      -- A place is takeable when AVAILABLE or HELD by a lapsed hold (isPlaceTakeable); a restricted seat
      -- other than PREFERENTIAL only by staff (restrictionAllows).
      update event_seats es
      set status = 'HELD', hold_id = h.id, hold_expires_at = h.expires_at, change_seq = nextval('seat_change_seq')
      from locked l
      where es.event_id = p_event and es.section_code = l.section_code and es.place_index = l.place_index
        and (es.status = 'AVAILABLE' or (es.status = 'HELD' and es.hold_expires_at <= now()))
        and (es.restriction is null or es.restriction = 'PREFERENTIAL' or p_allow_exclusive)
      returning es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq
    )
    -- What the answer needs of each place taken, zone name and price included, built once here.
    select count(*), coalesce(jsonb_agg(jsonb_build_object(
          'section_code', t.section_code, 'place_index', t.place_index, 'row_label', t.row_label,
          'seat_number', t.seat_number, 'price_zone_id', t.price_zone_id, 'change_seq', t.change_seq,
          'zone_name', pz.name, 'price_amount', pz.price_amount)), '[]'::jsonb),
      (select count(*) from wanted)
      into v_got, v_taken, v_wanted
      from took t left join price_zones pz on pz.id = t.price_zone_id;
    if v_got < v_wanted then
      -- Each seat asked for that is not now in this hold, as the take found it (no row: it does not exist),
      -- so the API can say why. Read after the take, it is what the take saw: every seat that exists was
      -- locked by it (NOWAIT) and stays locked by this transaction. Only a refusal pays for this statement.
      select jsonb_agg(jsonb_build_object('section', w.s, 'row', w.r, 'seat', w.n,
          'status', es.status, 'restriction', es.restriction) order by w.s, w.r, w.n)
        into v_missed
        from (select distinct u.s, u.r, u.n from unnest(p_sections, p_rows, p_seats) as u(s, r, n)) w
        left join event_seats es
          on es.event_id = p_event and es.section_code = w.s and es.row_label = w.r and es.seat_number = w.n
        where es.event_id is null or es.status <> 'HELD' or es.hold_id is distinct from h.id;
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
    select count(*), coalesce(jsonb_agg(jsonb_build_object(
          'section_code', t.section_code, 'place_index', t.place_index, 'row_label', t.row_label,
          'seat_number', t.seat_number, 'price_zone_id', t.price_zone_id, 'change_seq', t.change_seq,
          'zone_name', pz.name, 'price_amount', pz.price_amount)), '[]'::jsonb)
      into v_got, v_taken
      from took t left join price_zones pz on pz.id = t.price_zone_id;
    if v_got <> p_quantity then
      raise exception using message = 'SLOTS_SHORT', detail = jsonb_build_object('available', v_got)::text;
    end if;
  end if;

  -- Places this fan holds or bought, per price zone, against the zone's per-fan maximum (countsTowardPerFanMax).
  -- Staff holds (p_allow_exclusive) are not checked: the limit is the buyer's, and a counter sells to one
  -- person after another (migration 0020).
  if not p_allow_exclusive then
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
  end if;

  return jsonb_build_object(
    'hold', jsonb_build_object(
      'id', h.id, 'event_id', h.event_id, 'status', h.status,
      'created_at', h.created_at, 'expires_at', h.expires_at, 'created', v_made),
    'taken', v_taken);
end
$fn$`

/** Says, in the database, where the function's body and rules are kept. */
export const HOLD_PLACES_COMMENT =
  "Takes places for a fan's hold in one transaction. Its current body is apps/api/src/db/sql/hold-places.ts " +
  '(applied by migration 0033 and any later one that changes it); its rules, and the same rule in TypeScript ' +
  '(decideHold), are packages/domain/src/seating/hold-rules.ts. The hold statuses that keep places come in as ' +
  'p_holding (HOLDING_STATUSES, packages/domain/src/seating/reservation-lifecycle.ts).'
