import { describe, expect, it } from 'vitest'
import { CHECKOUT_METHODS, type PaymentChoice } from '../checkout/contract.js'
import { methodsFor } from '../checkout/methods.js'
import {
  depositMethodsOf,
  installmentMethodsOf,
  isCounterPlanTender,
  mayPayDeposit,
} from './deposit-methods.js'

describe('what pays a paguitos plan', () => {
  it.each([
    [{ method: 'CARD', walletAmount: 0 }, true],
    [{ method: 'CASH', walletAmount: 0 }, true],
    [{ method: 'TRANSFER', walletAmount: 0 }, true],
    // The deposit is one payment through the provider: no wallet share, no wallet alone.
    [{ method: 'CARD', walletAmount: 1 }, false],
    [{ method: 'WALLET' }, false],
    [{ method: 'FREE' }, false],
    [{ method: 'LINK' }, false],
    [{ method: 'TPV' }, false],
  ])('online deposit %j → %s', (choice, ok) => {
    expect(mayPayDeposit(choice)).toBe(ok)
  })

  it('takes a place-order payment choice as the API reads it', () => {
    const choices: PaymentChoice[] = [
      { method: 'CASH', network: 'oxxo', walletAmount: 0 },
      { method: 'TRANSFER', kind: 'SPEI', walletAmount: 500 },
      { method: 'WALLET' },
    ]
    expect(choices.map(mayPayDeposit)).toEqual([true, false, false])
  })

  it("keeps each country's order and drops the wallet and the hosted page from a deposit", () => {
    for (const country of ['COL', 'MEX'] as const) {
      const offered = methodsFor(country, { hostedCheckout: true }).methods
      expect(depositMethodsOf(offered)).toEqual(['CARD', 'CASH', 'TRANSFER'])
      expect(installmentMethodsOf(offered)).toEqual(['CARD', 'CASH', 'TRANSFER', 'WALLET'])
    }
    expect(depositMethodsOf(CHECKOUT_METHODS)).toEqual(['CARD', 'CASH', 'TRANSFER'])
  })

  it.each([
    ['CASH', true],
    ['TPV', true],
    ['COURTESY', false],
  ])('a plan at the counter takes %s → %s', (kind, ok) => {
    expect(isCounterPlanTender(kind)).toBe(ok)
  })
})
