import { describe, expect, it } from 'vitest'
import type { PaymentChoice } from './contract.js'
import { isChoiceOffered, methodsFor, PENDING_HOLD_MINUTES, pendingExpiry } from './methods.js'

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
