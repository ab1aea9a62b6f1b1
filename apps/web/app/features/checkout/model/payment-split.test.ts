import { describe, expect, it } from 'vitest'
import { offeredMethods, paymentChoiceOf, paymentSplit } from './payment-split'

describe('paymentSplit', () => {
  it.each([
    // total, balance, useWallet, walletAmount, remainder, walletOnly
    [100_000, 0, true, 0, 100_000, false],
    [100_000, 30_000, false, 0, 100_000, false],
    [100_000, 30_000, true, 30_000, 70_000, false],
    [100_000, 100_000, true, 100_000, 0, true],
    [100_000, 250_000, true, 100_000, 0, true],
    [0, 5_000, true, 0, 0, false],
  ])('total %i, balance %i, wallet %s → %i + %i', (total, balance, useWallet, wallet, rest, only) => {
    expect(paymentSplit(total, balance, useWallet)).toEqual({
      walletAmount: wallet,
      remainder: rest,
      walletOnly: only,
    })
  })
})

describe('paymentChoiceOf', () => {
  const partial = paymentSplit(100_000, 30_000, true)
  const none = paymentSplit(100_000, 0, false)
  it.each([
    [
      { method: 'CARD', cardToken: 'sbx_Av3704_abcdefghijkmnpqr' } as const,
      partial,
      { method: 'CARD', cardToken: 'sbx_Av3704_abcdefghijkmnpqr', installments: 1, walletAmount: 30_000 },
    ],
    [
      { method: 'CASH', network: 'oxxo' } as const,
      none,
      { method: 'CASH', network: 'oxxo', walletAmount: 0 },
    ],
    [
      { method: 'TRANSFER', kind: 'PSE', bank: '1007' } as const,
      none,
      { method: 'TRANSFER', kind: 'PSE', bank: '1007', walletAmount: 0 },
    ],
    [
      { method: 'TRANSFER', kind: 'SPEI' } as const,
      partial,
      { method: 'TRANSFER', kind: 'SPEI', walletAmount: 30_000 },
    ],
    [{ method: 'WALLET' } as const, paymentSplit(100_000, 200_000, true), { method: 'WALLET' }],
    // A wallet that covers everything pays alone, whatever else was picked.
    [
      { method: 'CASH', network: 'oxxo' } as const,
      paymentSplit(100_000, 200_000, true),
      { method: 'WALLET' },
    ],
  ])('%j', (draft, split, expected) => {
    expect(paymentChoiceOf(draft, split)).toEqual(expected)
  })
})

describe('offeredMethods', () => {
  const all = ['CARD', 'CASH', 'TRANSFER', 'WALLET'] as const
  it('offers the wallet as a method only when it covers the total', () => {
    expect(offeredMethods(all, 100, 100)).toEqual(all)
    expect(offeredMethods(all, 100, 99)).toEqual(['CARD', 'CASH', 'TRANSFER'])
    expect(offeredMethods(all, 100, 0)).toEqual(['CARD', 'CASH', 'TRANSFER'])
    expect(offeredMethods(['CARD'], 100, 500)).toEqual(['CARD'])
  })
})
