import { sql, type Transaction } from 'kysely'
import type { Db } from '../dialect.js'
import type { Database } from '../schema.js'

/**
 * Demo checkout data (issue 6), documented in the README:
 * - promo codes per country: PALCO10 (10 % off, 1 use per fan), BIENVENIDA / WELCOME (a fixed amount off,
 *   first 100 uses), each valid for a year from seeding;
 * - an 8 % service fee on every demo event (shown in the cart before payment);
 * - wallet credit for the demo fans (see seedDemoWallets).
 */
export const DEMO_PROMO_CODES = [
  {
    country: 'COL',
    code: 'PALCO10',
    kind: 'PERCENT',
    percent_bps: 1000,
    amount: null,
    currency: null,
    max_uses: null,
    max_uses_per_fan: 1,
  },
  {
    country: 'MEX',
    code: 'PALCO10',
    kind: 'PERCENT',
    percent_bps: 1000,
    amount: null,
    currency: null,
    max_uses: null,
    max_uses_per_fan: 1,
  },
  // 20,000 COP and 100 MXN, in minor units.
  {
    country: 'COL',
    code: 'BIENVENIDA',
    kind: 'FIXED',
    percent_bps: null,
    amount: 2_000_000,
    currency: 'COP',
    max_uses: 100,
    max_uses_per_fan: 1,
  },
  {
    country: 'MEX',
    code: 'WELCOME',
    kind: 'FIXED',
    percent_bps: null,
    amount: 10_000,
    currency: 'MXN',
    max_uses: 100,
    max_uses_per_fan: 1,
  },
] as const

export const DEMO_FEE_BPS = 800
/** Courtesies each demo event may give at the box office (issue 15). */
const DEMO_COURTESY_QUOTA = 20

/** 150,000 COP and 1,000 MXN, in minor units. */
export const DEMO_WALLET_CREDITS = [
  { email: 'fan@palco.co', currency: 'COP', amount: 15_000_000 },
  { email: 'fan@palco.mx', currency: 'MXN', amount: 100_000 },
] as const

/**
 * Idempotent without a marker row (inserts skip what exists), so databases seeded before checkout existed
 * get it too. Runs with the demo catalogue (SEED_DEMO).
 */
export async function seedDemoCheckout(db: Db, now: Date, catalogueJustSeeded: boolean): Promise<void> {
  await db.transaction().execute((trx) => insertDemoCheckout(trx, now, catalogueJustSeeded))
}

async function insertDemoCheckout(trx: Transaction<Database>, now: Date, withFees: boolean): Promise<void> {
  const endsAt = new Date(now.getTime() + 365 * 86_400_000)
  await trx
    .insertInto('promo_codes')
    .values(DEMO_PROMO_CODES.map((p) => ({ ...p, starts_at: now, ends_at: endsAt })))
    .onConflict((oc) => oc.columns(['country', 'code']).doNothing())
    .execute()
  // Fees only with a fresh catalogue: later runs must not put a fee on events an admin created since.
  if (!withFees) return
  await sql`insert into event_fees (event_id, percent_bps, fixed_amount)
    select id, ${DEMO_FEE_BPS}, 0 from events
    on conflict (event_id) do nothing`.execute(trx)
  // Every demo event may give a few courtesies at the box office (issue 15), so the counter can show them.
  await sql`insert into courtesy_quotas (event_id, quota)
    select id, ${DEMO_COURTESY_QUOTA} from events
    on conflict (event_id) do nothing`.execute(trx)
}

/** Once per demo fan: the credit is claimed with a marker row in the same transaction. */
export async function seedDemoWallets(db: Db): Promise<void> {
  for (const credit of DEMO_WALLET_CREDITS) {
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('auth_users')
        .select('id')
        .where('email', '=', credit.email)
        .executeTakeFirst()
      if (!user) return
      const claimed = await trx
        .insertInto('app_meta')
        .values({ key: `demo_wallet:${credit.email}`, value: String(credit.amount) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst()
      if (!claimed) return
      await trx
        .insertInto('wallet_entries')
        .values({
          user_id: user.id,
          currency: credit.currency,
          amount: credit.amount,
          kind: 'CREDIT',
          reason: 'demo credit',
          order_id: null,
        })
        .execute()
      await trx
        .insertInto('wallet_accounts')
        .values({ user_id: user.id, currency: credit.currency, balance: credit.amount })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'currency'])
            .doUpdateSet({ balance: sql`wallet_accounts.balance + ${credit.amount}` }),
        )
        .execute()
    })
  }
}
