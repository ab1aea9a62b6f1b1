import { describe, expect, it } from 'vitest'
import type { PricedSeat } from './pricing.js'
import { checkPromo, normalizePromoCode, type PromoContext, type PromoRule } from './promo.js'

const base: PromoRule = {
  code: 'PALCO10',
  country: 'COL',
  kind: 'PERCENT',
  percentBps: 1000,
  amount: null,
  currency: null,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2026-02-01T00:00:00Z'),
  maxUses: 10,
  maxUsesPerFan: 1,
  eventIds: [],
  zoneIds: [],
  active: true,
}
const seat: PricedSeat = {
  key: 'S/A-1',
  zoneId: 'z1',
  zoneName: 'Z',
  section: 'S',
  row: 'A',
  seat: 1,
  unitPrice: 100,
}
const ctx: PromoContext = {
  now: new Date('2026-01-15T00:00:00Z'),
  country: 'COL',
  currency: 'COP',
  eventId: 'e1',
  seats: [seat],
  usesSoFar: 0,
  fanUses: 0,
}

describe('promo codes', () => {
  it.each<[string, Partial<PromoRule>, Partial<PromoContext>, string | true]>([
    ['valid', {}, {}, true],
    ['inactive', { active: false }, {}, 'inactive'],
    ['other country', { country: 'MEX' }, {}, 'country'],
    ['fixed in another currency', { kind: 'FIXED', amount: 100, currency: 'MXN' }, {}, 'currency'],
    ['fixed in this currency', { kind: 'FIXED', amount: 100, currency: 'COP' }, {}, true],
    ['not started', {}, { now: new Date('2025-12-31T23:59:59Z') }, 'not-started'],
    ['starts now', {}, { now: new Date('2026-01-01T00:00:00Z') }, true],
    ['ended (end is exclusive)', {}, { now: new Date('2026-02-01T00:00:00Z') }, 'ended'],
    ['no window', { startsAt: null, endsAt: null }, { now: new Date('2030-01-01') }, true],
    ['other event', { eventIds: ['e2'] }, {}, 'event'],
    ['this event', { eventIds: ['e1', 'e2'] }, {}, true],
    ['other zone', { zoneIds: ['z2'] }, {}, 'zone'],
    ['exhausted', {}, { usesSoFar: 10 }, 'exhausted'],
    ['fan limit', {}, { fanUses: 1 }, 'fan-limit'],
    ['unlimited', { maxUses: null, maxUsesPerFan: null }, { usesSoFar: 1e6, fanUses: 99 }, true],
  ])('%s', (_name, rule, context, expected) => {
    const r = checkPromo({ ...base, ...rule }, { ...ctx, ...context })
    if (expected === true) expect(r.ok).toBe(true)
    else expect(r).toMatchObject({ ok: false, reason: expected })
  })

  it('names exhausted codes apart from invalid ones', () => {
    expect(checkPromo(base, { ...ctx, usesSoFar: 10 })).toMatchObject({ code: 'PROMO_CODE_EXHAUSTED' })
    // Issue 13: the fan's own limit says the fan used it, not that nobody can.
    expect(checkPromo(base, { ...ctx, fanUses: 1 })).toMatchObject({
      code: 'PROMO_CODE_ALREADY_USED',
      reason: 'fan-limit',
    })
    expect(checkPromo(base, { ...ctx, eventId: 'x', seats: [seat] })).toMatchObject({ ok: true })
    expect(checkPromo({ ...base, eventIds: ['e9'] }, ctx)).toMatchObject({ code: 'PROMO_CODE_INVALID' })
  })

  it('scopes eligibility to zones', () => {
    const r = checkPromo({ ...base, zoneIds: ['z1'] }, { ...ctx, seats: [seat, { ...seat, zoneId: 'z2' }] })
    if (!r.ok) throw new Error('expected ok')
    expect(r.eligible(seat)).toBe(true)
    expect(r.eligible({ ...seat, zoneId: 'z2' })).toBe(false)
  })

  it.each([
    [' palco10 ', 'PALCO10'],
    ['Palco10', 'PALCO10'],
  ])('normalizes %j', (code, out) => expect(normalizePromoCode(code)).toBe(out))
})
