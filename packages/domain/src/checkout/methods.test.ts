import { describe, expect, it } from 'vitest'
import type { PaymentChoice } from './contract.js'
import {
  HOSTED_PAYMENT_GRACE_MINUTES,
  hostedPaymentWindow,
  isChoiceOffered,
  methodsFor,
  PENDING_HOLD_MINUTES,
  pendingExpiry,
} from './methods.js'

describe('payment methods per country', () => {
  it('offers Colombia cash, cash in club and PSE; Mexico the four networks and SPEI', () => {
    expect(methodsFor('COL')).toEqual({
      methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
      cashNetworks: ['cash', 'cashInClub'],
      transferKinds: ['PSE'],
    })
    expect(methodsFor('MEX')).toEqual({
      methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
      cashNetworks: ['oxxo', 'paycash', 'banamex', 'bancomer'],
      transferKinds: ['SPEI'],
    })
  })

  it('offers the hosted page (LINK) before the wallet only where the provider has one', () => {
    expect(methodsFor('COL', { hostedCheckout: true }).methods).toEqual([
      'CARD',
      'CASH',
      'TRANSFER',
      'LINK',
      'WALLET',
    ])
    expect(methodsFor('MEX', { hostedCheckout: false }).methods).not.toContain('LINK')
  })

  it('offers a bank-card presale card alone, in both countries, hosted page or not', () => {
    for (const country of ['COL', 'MEX'] as const)
      expect(methodsFor(country, { hostedCheckout: true, presale: true })).toEqual({
        methods: ['CARD'],
        cashNetworks: [],
        transferKinds: [],
      })
  })

  it.each<[string, PaymentChoice, boolean]>([
    ['COL', { method: 'CASH', network: 'cashInClub', walletAmount: 0 }, true],
    ['COL', { method: 'CASH', network: 'oxxo', walletAmount: 0 }, false],
    ['MEX', { method: 'CASH', network: 'oxxo', walletAmount: 0 }, true],
    ['MEX', { method: 'CASH', network: 'cash', walletAmount: 0 }, false],
    ['COL', { method: 'TRANSFER', kind: 'PSE', walletAmount: 0 }, true],
    ['COL', { method: 'TRANSFER', kind: 'SPEI', walletAmount: 0 }, false],
    ['MEX', { method: 'TRANSFER', kind: 'SPEI', walletAmount: 0 }, true],
    ['MEX', { method: 'WALLET' }, true],
    ['COL', { method: 'CARD', cardToken: 'tok_12345678', installments: 1, walletAmount: 0 }, true],
  ])('%s offers %j: %s', (country, choice, ok) => {
    expect(isChoiceOffered(country as 'COL', choice)).toBe(ok)
  })

  it.each([
    ['CASH', 48 * 60],
    ['SPEI', 24 * 60],
    ['PSE', 60],
    ['CARD', 30],
  ] as const)('a pending %s keeps the seats %i minutes, never past the event start', (kind, minutes) => {
    const now = new Date('2026-01-01T00:00:00Z')
    const far = new Date('2026-06-01T00:00:00Z')
    expect(PENDING_HOLD_MINUTES[kind]).toBe(minutes)
    expect(pendingExpiry(kind, now, far).getTime() - now.getTime()).toBe(minutes * 60_000)
    const soon = new Date(now.getTime() + 20 * 60_000)
    expect(pendingExpiry(kind, now, soon).getTime()).toBeLessThanOrEqual(
      Math.max(soon.getTime(), now.getTime() + 60_000),
    )
  })
})

describe('hosted payment window', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  const far = new Date('2026-06-01T00:00:00Z')
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

  it.each([
    ['the hold’s end', at(8), far, at(8)],
    ['a minute at least, for a hold about to end', at(0.2), far, at(1)],
    ['the event’s start when it comes first', at(8), at(5), at(5)],
  ])('the page takes payments until %s', (_what, holdEnd, start, page) => {
    const w = hostedPaymentWindow(holdEnd, now, start)
    expect(w.pageExpiresAt).toEqual(page)
    expect(w.paymentExpiresAt.getTime() - page.getTime()).toBe(HOSTED_PAYMENT_GRACE_MINUTES * 60_000)
  })
})
