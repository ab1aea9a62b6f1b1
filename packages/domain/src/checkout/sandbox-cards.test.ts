import { describe, expect, it } from 'vitest'
import {
  brandOf,
  luhnValid,
  readSandboxToken,
  SANDBOX_TEST_CARDS,
  type SandboxCardInput,
  tokenizeSandboxCard,
} from './sandbox-cards.js'

const random = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 200)
const card = (over: Partial<SandboxCardInput> = {}): SandboxCardInput => ({
  number: '4509 9535 6623 3704',
  holderName: 'APRO',
  expMonth: 11,
  expYear: 2030,
  cvv: '123',
  ...over,
})

describe('sandbox cards', () => {
  it.each(SANDBOX_TEST_CARDS.map((c) => [c.number, c.brand] as const))('%s is a valid %s', (n, brand) => {
    expect(luhnValid(n)).toBe(true)
    expect(brandOf(n)).toBe(brand)
  })

  it.each([
    ['APRO', 'approved'],
    ['othe', 'declined'],
    ['FUND', 'insufficient'],
    ['SECU', 'cvv'],
    ['CONT', 'pending'],
    ['TIME', 'timeout'],
    ['Camila Rojas', 'approved'],
  ])('holder %s → %s, and the token carries only outcome, brand and last 4', (holderName, outcome) => {
    const r = tokenizeSandboxCard(card({ holderName }), random)
    if (!r.ok) throw new Error('expected a token')
    expect(r.token).not.toContain('45099535')
    expect(readSandboxToken(r.token)).toEqual({ outcome, brand: 'visa', last4: '3704' })
  })

  it.each<[Partial<SandboxCardInput>, string]>([
    [{ number: '4509953566233705' }, 'number'],
    [{ holderName: '  ' }, 'holderName'],
    [{ expMonth: 13 }, 'expiry'],
    [{ expMonth: 1, expYear: 2026 }, 'expiry'],
    [{ expMonth: 1, expYear: 2026, number: '4509953566233705', cvv: '1', holderName: '' }, 'expiry'],
    [{ cvv: '12' }, 'cvv'],
    [{ number: '371180303257522', cvv: '123' }, 'cvv'],
  ])('refuses %j on field %s', (over, field) => {
    expect(tokenizeSandboxCard(card(over), random, new Date('2026-03-01T00:00:00Z'))).toEqual({
      ok: false,
      field,
    })
  })

  it('makes a new token each time and rejects anything else', () => {
    let k = 0
    const counter = (n: number) => Uint8Array.from({ length: n }, () => (k++ * 7) % 251)
    const a = tokenizeSandboxCard(card(), counter)
    const b = tokenizeSandboxCard(card(), counter)
    if (!a.ok || !b.ok) throw new Error('expected tokens')
    expect(a.token).not.toBe(b.token)
    expect(readSandboxToken('tok_live_123')).toBeNull()
    expect(readSandboxToken('sbx_Xv1234_abcdefghijkmnpqr')).toBeNull()
  })
})
