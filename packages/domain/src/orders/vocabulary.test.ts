import { describe, expect, it } from 'vitest'
import {
  CASH_PAYMENT_PROVIDERS,
  type CashPaymentProvider,
  cashProviderOfRouteSegment,
  cashRouteSegmentOf,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
} from './vocabulary.js'

describe('cash route segments (spec §2: /checkout/cash/palco)', () => {
  it.each<[CashPaymentProvider, string]>([
    ['PALCO', 'palco'],
    ['MERCADO_PAGO', 'mercado_pago'],
    ['SPEI', 'spei'],
    ['KUSHKI', 'kushki'],
  ])('%s ↔ %s', (provider, segment) => {
    expect(cashRouteSegmentOf(provider)).toBe(segment)
    expect(cashProviderOfRouteSegment(segment)).toBe(provider)
  })

  it.each<[string, CashPaymentProvider | undefined]>([
    ['MERCADO_PAGO', 'MERCADO_PAGO'],
    ['Palco', 'PALCO'],
    ['STAFF', undefined],
    ['mercado-pago', undefined],
    ['', undefined],
  ])('parses %j → %s', (segment, provider) => {
    expect(cashProviderOfRouteSegment(segment)).toBe(provider)
  })
})

describe('payment vocabulary (spec §3)', () => {
  it('uses our provider code for {product}', () => {
    expect(PAYMENT_PROVIDERS).toEqual(['KUSHKI', 'PALCO', 'MERCADO_PAGO', 'STAFF'])
    expect(CASH_PAYMENT_PROVIDERS).toEqual(['KUSHKI', 'PALCO', 'MERCADO_PAGO', 'SPEI'])
    expect(PAYMENT_METHODS).toHaveLength(11)
  })
})
