import { type Kysely, sql } from 'kysely'

/**
 * The per-fan limit of a promo code as a database rule (issue 14): a fan's count of uses never rises above the
 * code's `max_uses_per_fan`, whatever a service does. A CHECK cannot read the code's row, so a trigger does;
 * only a rise is checked, so giving a use back always works, even after an organiser lowered the limit.
 *
 * `payments.refund_reason`: why money that arrived is going back (the order's failure code and the refund
 * mail say it): the seats were gone, or the order's terms no longer held when it was re-taken late.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function promo_fan_uses_within_limit() returns trigger language plpgsql as $$
    declare
      fan_limit integer;
    begin
      if tg_op = 'UPDATE' and new.uses <= old.uses then
        return new;
      end if;
      select max_uses_per_fan into fan_limit from promo_codes where id = new.promo_id;
      if fan_limit is not null and new.uses > fan_limit then
        raise exception 'promo code % over its per-fan limit of % for user %', new.promo_id, fan_limit, new.user_id
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db)
  await sql`create trigger promo_fan_uses_within_limit before insert or update of uses on promo_fan_uses
    for each row execute function promo_fan_uses_within_limit()`.execute(db)
  await db.schema.alterTable('payments').addColumn('refund_reason', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refund_reason').execute()
  await sql`drop trigger promo_fan_uses_within_limit on promo_fan_uses`.execute(db)
  await sql`drop function promo_fan_uses_within_limit()`.execute(db)
}
