import { describe, expect, it } from 'vitest'
import type { CashPaymentProvider } from '../orders/vocabulary.js'
import { type CashCheckoutStep, cashCheckoutSteps, nextCashCheckoutStep } from './cash-steps.js'

describe('cash checkout steps (spec §2)', () => {
  it.each<[CashPaymentProvider, CashCheckoutStep[]]>([
    ['PALCO', ['method', 'voucher']],
    ['SPEI', ['method', 'spei-transfer', 'voucher']],
    ['KUSHKI', ['method', 'instructions', 'voucher']],
    ['MERCADO_PAGO', ['method', 'instructions', 'voucher']],
  ])('%s → %j', (provider, steps) => {
    expect(cashCheckoutSteps(provider)).toEqual(steps)
  })

  it.each<[CashPaymentProvider, CashCheckoutStep, CashCheckoutStep | undefined]>([
    ['PALCO', 'method', 'voucher'],
    ['PALCO', 'voucher', undefined],
    ['PALCO', 'instructions', undefined],
    ['SPEI', 'method', 'spei-transfer'],
    ['SPEI', 'spei-transfer', 'voucher'],
    ['MERCADO_PAGO', 'method', 'instructions'],
    ['MERCADO_PAGO', 'instructions', 'voucher'],
    ['KUSHKI', 'spei-transfer', undefined],
  ])('%s after %s → %s', (provider, current, next) => {
    expect(nextCashCheckoutStep(provider, current)).toBe(next)
  })
})
