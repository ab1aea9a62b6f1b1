import { describe, expect, it } from 'vitest'
import { seededRandom } from '../random/seeded.js'
import {
  batchCodes,
  PROMO_CODE_FORMAT,
  type PromoTerms,
  promoChangeBreaks,
  promoCodesCsv,
  promoStateOf,
  promoTermsBreaks,
  remainingUses,
} from './promo-admin.js'
import { promoBatchInputSchema, promoCodeInputSchema } from './promo-admin-contract.js'

const TERMS: PromoTerms = {
  kind: 'PERCENT',
  percentBps: 1_000,
  amount: null,
  startsAt: '2026-06-01T00:00:00Z',
  endsAt: '2026-07-01T00:00:00Z',
  maxUses: 100,
  maxUsesPerFan: 1,
}

describe('promo code terms', () => {
  it.each<[string, Partial<PromoTerms>, Record<string, string>]>([
    ['a valid percentage', {}, {}],
    ['a valid fixed amount', { kind: 'FIXED', percentBps: null, amount: 2_000_000 }, {}],
    ['a percentage without its figure', { percentBps: null }, { percentBps: 'required' }],
    ['a percentage with an amount', { amount: 500 }, { amount: 'notForKind' }],
    ['a fixed code without its amount', { kind: 'FIXED', percentBps: null }, { amount: 'required' }],
    ['a fixed code with a percentage', { kind: 'FIXED', amount: 1 }, { percentBps: 'notForKind' }],
    ['an end before the start', { endsAt: '2026-05-01T00:00:00Z' }, { endsAt: 'endBeforeStart' }],
    ['an end at the start', { endsAt: '2026-06-01T00:00:00Z' }, { endsAt: 'endBeforeStart' }],
    ['open-ended', { startsAt: null, endsAt: null }, {}],
    ['more per fan than in all', { maxUses: 2, maxUsesPerFan: 3 }, { maxUsesPerFan: 'perFanAboveMax' }],
    ['a per-fan cap without a total', { maxUses: null, maxUsesPerFan: 3 }, {}],
  ])('%s', (_name, over, expected) => {
    const breaks = promoTermsBreaks({ ...TERMS, ...over })
    expect(Object.fromEntries(breaks.map((b) => [b.field, b.rule]))).toEqual(expected)
  })

  it('never lowers the total cap below the uses already taken', () => {
    expect(promoChangeBreaks({ ...TERMS, maxUses: 5 }, 5)).toEqual([])
    expect(promoChangeBreaks({ ...TERMS, maxUses: 4, maxUsesPerFan: 1 }, 5)).toEqual([
      { field: 'maxUses', rule: 'belowUses' },
    ])
    expect(promoChangeBreaks({ ...TERMS, maxUses: null }, 5)).toEqual([])
  })
})

describe('promo code requests', () => {
  it.each([
    ['palco10', 'PALCO10'],
    ['  verano-2026 ', 'VERANO-2026'],
  ])('takes %j as %j', (typed, stored) => {
    expect(promoCodeInputSchema.parse({ code: typed, kind: 'PERCENT', percentBps: 500 }).code).toBe(stored)
  })

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a code too short', { code: 'AB' }, 'code', 'promoCodeFormat'],
    ['a code with a space inside', { code: 'MI CODIGO' }, 'code', 'promoCodeFormat'],
    ['a code ending in a hyphen', { code: 'VERANO-' }, 'code', 'promoCodeFormat'],
    ['0 %', { percentBps: 0 }, 'percentBps', 'percentRange'],
    ['more than 100 %', { percentBps: 10_001 }, 'percentBps', 'percentRange'],
    [
      'a fraction of a minor unit',
      { kind: 'FIXED', percentBps: null, amount: 10.5 },
      'amount',
      'amountPositive',
    ],
    ['no money off', { kind: 'FIXED', percentBps: null, amount: 0 }, 'amount', 'amountPositive'],
    ['no uses at all', { maxUses: 0 }, 'maxUses', 'maxUsesMin'],
    ['no uses per fan', { maxUsesPerFan: 0 }, 'maxUsesPerFan', 'maxUsesMin'],
    ['a date that is no date', { startsAt: 'mañana' }, 'startsAt', 'invalidDate'],
  ])('refuses %s on its field', (_name, over, field, message) => {
    const r = promoCodeInputSchema.safeParse({ code: 'VERANO', kind: 'PERCENT', percentBps: 500, ...over })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([field, message])
  })

  it('takes batches of 1 to 1,000 behind a prefix of letters and digits', () => {
    const batch = (over: Record<string, unknown>) =>
      promoBatchInputSchema.safeParse({
        prefix: 'news',
        count: 10,
        kind: 'PERCENT',
        percentBps: 500,
        ...over,
      })
    expect(batch({}).data?.prefix).toBe('NEWS')
    expect(batch({ count: 1_000 }).success).toBe(true)
    expect(batch({ count: 1_001 }).error?.issues[0]?.message).toBe('batchSize')
    expect(batch({ count: 0 }).error?.issues[0]?.message).toBe('batchSize')
    expect(batch({ prefix: 'NEWS-' }).error?.issues[0]?.message).toBe('promoPrefixFormat')
  })
})

describe('promo code batches and states', () => {
  it('draws distinct codes that fans can type, none of those already tried', () => {
    // The domain takes its randomness as an argument (DESIGN §4): a seeded source, replayable.
    const next = seededRandom(43)
    const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256))
    const codes = batchCodes('NEWS', 1_000, randomBytes)
    expect(new Set(codes).size).toBe(1_000)
    for (const c of codes) expect(c).toMatch(PROMO_CODE_FORMAT)
    expect(codes[0]).toMatch(/^NEWS-[A-Z2-9]{8}$/)
    // A source that always draws the same symbol can make one code only; the one tried is avoided.
    const same = (n: number) => new Uint8Array(n)
    expect(batchCodes('X1', 1, same)).toEqual(['X1-AAAAAAAA'])
    expect(batchCodes('X1', 3, same)).toEqual(['X1-AAAAAAAA'])
    expect(batchCodes('X1', 1, same, new Set(['X1-AAAAAAAA']))).toEqual([])
    let calls = 0
    const varying = (n: number) => Uint8Array.from({ length: n }, () => (calls++ < 8 ? 0 : 1))
    expect(batchCodes('X1', 1, varying, new Set(['X1-AAAAAAAA']))).toEqual(['X1-BBBBBBBB'])
  })

  it('names a code’s state and what it has left', () => {
    const now = new Date('2026-06-15T00:00:00Z')
    const p = { active: true, startsAt: TERMS.startsAt, endsAt: TERMS.endsAt, maxUses: 3, uses: 1 }
    expect(promoStateOf(p, now)).toBe('ACTIVE')
    expect(promoStateOf({ ...p, active: false }, now)).toBe('INACTIVE')
    expect(promoStateOf({ ...p, uses: 3 }, now)).toBe('EXHAUSTED')
    expect(promoStateOf(p, new Date('2026-05-01T00:00:00Z'))).toBe('SCHEDULED')
    expect(promoStateOf(p, new Date('2026-07-01T00:00:00Z'))).toBe('ENDED')
    expect(remainingUses(p)).toBe(2)
    expect(remainingUses({ maxUses: null, uses: 9 })).toBeNull()
  })

  it('writes a batch as CSV a spreadsheet opens without running anything', () => {
    const csv = promoCodesCsv([
      {
        ...TERMS,
        code: 'NEWS-ABCDEFGH',
        currency: null,
        uses: 0,
        active: true,
        batchLabel: '=HYPERLINK("x")',
      },
    ])
    const [head, row, end] = csv.split('\r\n')
    expect(head).toBe(
      'code,kind,percent,amount_minor_units,currency,starts_at,ends_at,max_uses,max_uses_per_fan,uses,active,batch',
    )
    expect(row).toBe(
      `NEWS-ABCDEFGH,PERCENT,10,,,${TERMS.startsAt},${TERMS.endsAt},100,1,0,true,"'=HYPERLINK(""x"")"`,
    )
    expect(end).toBe('')
  })
})
