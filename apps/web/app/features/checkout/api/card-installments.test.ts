import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeKushki, startFakeKushki } from '../../../../../api/test/fakes/fake-kushki'
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../../../api/test/fakes/fake-mercadopago'
import { cardInstallmentOptions } from './card-installments'

/**
 * The banks' monthly plans for a card, asked from the browser of each provider's stand-in (Node's fetch
 * plays the browser): the plans in minor units, one payment always first, and only one payment when the
 * provider knows none or does not answer.
 */

const cop = { amount: 600_000_00, currency: 'COP' } as const
const mxn = { amount: 3_000_00, currency: 'MXN' } as const

describe('card installments offered by the fan’s bank', () => {
  let mp: FakeMercadoPago
  let kushki: FakeKushki
  beforeAll(async () => {
    mp = await startFakeMercadoPago({ currency: 'COP' })
    kushki = await startFakeKushki()
  })
  afterAll(async () => {
    await mp?.close()
    await kushki?.close()
  })
  const mercadoPago = (): BrowserPaymentConfig => ({
    provider: 'mercadopago',
    publicKey: mp.publicKey,
    apiUrl: mp.url,
  })

  it('reads Mercado Pago’s payer costs: interest-free parts, and a plan with the bank’s interest', async () => {
    const options = await cardInstallmentOptions('45099535', cop, mercadoPago())
    expect(options).toEqual([
      { count: 1, amount: 600_000_00, total: 600_000_00, interestFree: true },
      { count: 3, amount: 200_000_00, total: 600_000_00, interestFree: true },
      { count: 6, amount: 100_000_00, total: 600_000_00, interestFree: true },
      { count: 12, amount: 59_000_00, total: 708_000_00, interestFree: false },
    ])
  })

  it('offers one payment for a debit card, an unknown card, a refused key or a provider that is down', async () => {
    const one = [{ count: 1, amount: 600_000_00, total: 600_000_00, interestFree: true }]
    expect(await cardInstallmentOptions('40027600', cop, mercadoPago())).toEqual(one)
    expect(await cardInstallmentOptions('99999999', cop, mercadoPago())).toEqual(one)
    expect(await cardInstallmentOptions('45099535', cop, { ...mercadoPago(), publicKey: 'wrong' })).toEqual(
      one,
    )
    const down = await startFakeKushki()
    await down.close()
    expect(await cardInstallmentOptions('45099535', cop, { ...mercadoPago(), apiUrl: down.url })).toEqual(one)
    expect(await cardInstallmentOptions('4509', cop, mercadoPago())).toEqual(one)
  })

  it('reads Kushki’s deferred months: interest-free in Mexico, the bank’s interest in Colombia', async () => {
    const provider: BrowserPaymentConfig = {
      provider: 'kushki',
      publicKey: kushki.publicKey,
      apiUrl: kushki.url,
    }
    const mexico = await cardInstallmentOptions('45099535', mxn, provider)
    expect(mexico.map((o) => [o.count, o.amount, o.interestFree])).toEqual([
      [1, 3_000_00, true],
      [3, 1_000_00, true],
      [6, 500_00, true],
      [9, 333_34, true],
      [12, 250_00, true],
    ])
    const colombia = await cardInstallmentOptions('45099535', cop, provider)
    expect(colombia.slice(1).every((o) => !o.interestFree && o.total === cop.amount)).toBe(true)
    expect(await cardInstallmentOptions('37118030', mxn, provider)).toHaveLength(1)
  })

  it('offers the sandbox bank’s plans without asking anyone', async () => {
    const sandbox: BrowserPaymentConfig = { provider: 'sandbox', publicKey: null, apiUrl: null }
    expect((await cardInstallmentOptions('45099535', mxn, sandbox)).map((o) => o.count)).toEqual([
      1, 3, 6, 9, 12,
    ])
  })
})
