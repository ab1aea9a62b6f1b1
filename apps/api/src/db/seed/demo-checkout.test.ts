import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { seedDemoData } from './demo.js'
import { seedDemoAccounts } from './demo-accounts.js'
import { DEMO_FEE_BPS, DEMO_PROMO_CODES, DEMO_WALLET_CREDITS } from './demo-checkout.js'

describe('demo checkout data', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp('pglite', { demoAccounts: true })
    await seedDemoData(t.db.db)
  })
  afterAll(async () => t?.close())

  it('has the documented promo codes and a fee on every demo event', async () => {
    const codes = await t.db.db.selectFrom('promo_codes').select(['country', 'code', 'kind']).execute()
    expect(codes).toHaveLength(DEMO_PROMO_CODES.length)
    expect(codes).toContainEqual({ country: 'COL', code: 'PALCO10', kind: 'PERCENT' })
    expect(codes).toContainEqual({ country: 'MEX', code: 'PALCO10', kind: 'PERCENT' })
    const events = await t.db.db.selectFrom('events').select('id').execute()
    const fees = await t.db.db.selectFrom('event_fees').select('percent_bps').execute()
    expect(fees).toHaveLength(events.length)
    expect(new Set(fees.map((f) => f.percent_bps))).toEqual(new Set([DEMO_FEE_BPS]))
  })

  it('credits the demo fans once, however often accounts are seeded', async () => {
    await seedDemoAccounts(t.app)
    for (const credit of DEMO_WALLET_CREDITS) {
      const row = await t.db.db
        .selectFrom('wallet_accounts as w')
        .innerJoin('auth_users as u', 'u.id', 'w.user_id')
        .select(['w.balance', 'w.currency'])
        .where('u.email', '=', credit.email)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ balance: credit.amount, currency: credit.currency })
    }
  })
})
