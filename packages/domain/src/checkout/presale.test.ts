import { describe, expect, it } from 'vitest'
import {
  binInRange,
  type PresaleRule,
  presaleAdmits,
  presaleNoticeOf,
  presaleRefusal,
  presaleRuleSchema,
  presaleRulesOf,
  sandboxBinOf,
  sandboxCardTypeOf,
} from './presale.js'
import { luhnValid } from './sandbox-cards.js'

const andino: PresaleRule = {
  sponsor: 'Banco Andino',
  binRanges: [
    { from: '45999910', to: '45999919' },
    { from: '522000', to: '522099' },
  ],
  cardTypes: ['CREDIT', 'DEBIT'],
}

describe('binInRange', () => {
  it.each([
    // 8-digit range, 8-digit BIN
    [{ from: '45999910', to: '45999919' }, '45999910', true],
    [{ from: '45999910', to: '45999919' }, '45999919', true],
    [{ from: '45999910', to: '45999919' }, '45999920', false],
    [{ from: '45999910', to: '45999919' }, '45999909', false],
    // A 6-digit BIN cannot confirm an 8-digit range, even when it is its prefix.
    [{ from: '45999910', to: '45999919' }, '459999', false],
    // 6-digit range, 6- or 8-digit BIN: compared on the first 6.
    [{ from: '522000', to: '522099' }, '522050', true],
    [{ from: '522000', to: '522099' }, '52209999', true],
    [{ from: '522000', to: '522099' }, '52210000', false],
    [{ from: '522000', to: '522099' }, '521999', false],
    // Not a BIN at all.
    [{ from: '522000', to: '522099' }, '5220', false],
    [{ from: '522000', to: '522099' }, '52205x', false],
  ])('%o holds %s: %s', (range, bin, expected) => {
    expect(binInRange(range, bin)).toBe(expected)
  })
})

describe('presaleAdmits', () => {
  it.each([
    [{ bin: '45999912', type: 'CREDIT' }, { ok: true }],
    [{ bin: '45999912', type: 'DEBIT' }, { ok: true }],
    [{ bin: '52205511', type: 'DEBIT' }, { ok: true }],
    [
      { bin: '45999912', type: 'PREPAID' },
      { ok: false, reason: 'TYPE' },
    ],
    [
      { bin: '45999912', type: 'BUSINESS' },
      { ok: false, reason: 'TYPE' },
    ],
    [
      { bin: '45099535', type: 'CREDIT' },
      { ok: false, reason: 'BIN' },
    ],
    // Outside the BIN ranges is said first, whatever the type.
    [
      { bin: '45099535', type: 'PREPAID' },
      { ok: false, reason: 'BIN' },
    ],
    [null, { ok: false, reason: 'UNCONFIRMED' }],
  ] as const)('%o → %o', (card, verdict) => {
    expect(presaleAdmits(andino, card)).toEqual(verdict)
  })
})

describe('an order with several presale tiers', () => {
  const quetzal: PresaleRule = {
    sponsor: 'Banco Quetzal',
    binRanges: [{ from: '45999900', to: '45999999' }],
    cardTypes: ['CREDIT'],
  }
  const places = [{ presale: andino }, { presale: null }, { presale: andino }, { presale: quetzal }, {}]

  it('collects each rule once and ignores ordinary places', () => {
    expect(presaleRulesOf(places)).toEqual([andino, quetzal])
    expect(presaleRulesOf([{ presale: null }, {}])).toEqual([])
  })

  it('takes only a card every rule admits', () => {
    const rules = presaleRulesOf(places)
    expect(presaleRefusal(rules, { bin: '45999911', type: 'CREDIT' })).toBeNull()
    expect(presaleRefusal(rules, { bin: '45999911', type: 'DEBIT' })).toEqual({
      rule: quetzal,
      reason: 'TYPE',
    })
    expect(presaleRefusal(rules, { bin: '52205511', type: 'CREDIT' })).toEqual({
      rule: quetzal,
      reason: 'BIN',
    })
  })

  it('tells the page the sponsors and the types all of them take', () => {
    expect(presaleNoticeOf(presaleRulesOf(places))).toEqual({
      sponsor: 'Banco Andino · Banco Quetzal',
      cardTypes: ['CREDIT'],
      rules: [andino, quetzal],
    })
    expect(presaleNoticeOf([])).toBeNull()
  })
})

describe('presaleRuleSchema (what an admin may save)', () => {
  const fieldsOf = (value: unknown) => {
    const result = presaleRuleSchema.safeParse(value)
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
  }

  it('accepts a rule of 6- and 8-digit ranges and at least one type', () => {
    expect(fieldsOf(andino)).toEqual([])
  })

  it.each([
    [{ ...andino, binRanges: [{ from: '45999', to: '45999' }] }, 'binRanges.0.from:PRESALE_BIN_INVALID'],
    [
      { ...andino, binRanges: [{ from: '459999001', to: '459999002' }] },
      'binRanges.0.from:PRESALE_BIN_INVALID',
    ],
    [{ ...andino, binRanges: [{ from: '4599a9', to: '459999' }] }, 'binRanges.0.from:PRESALE_BIN_INVALID'],
    [{ ...andino, binRanges: [{ from: '459999', to: '459990' }] }, 'binRanges.0.to:PRESALE_RANGE_ORDER'],
    [{ ...andino, binRanges: [{ from: '459999', to: '45999999' }] }, 'binRanges.0.to:PRESALE_RANGE_LENGTHS'],
    [{ ...andino, binRanges: [] }, 'binRanges:PRESALE_RANGES_REQUIRED'],
    [{ ...andino, cardTypes: [] }, 'cardTypes:PRESALE_TYPES_REQUIRED'],
    [{ ...andino, cardTypes: ['CREDIT', 'CREDIT'] }, 'cardTypes:PRESALE_TYPES_REPEATED'],
  ])('refuses %o with %s', (value, issue) => {
    expect(fieldsOf(value)).toContain(issue)
  })

  it('refuses an unknown card type and an empty sponsor', () => {
    expect(fieldsOf({ ...andino, cardTypes: ['GOLD'] })[0]).toMatch(/^cardTypes\.0:/)
    expect(fieldsOf({ ...andino, sponsor: ' ' })[0]).toMatch(/^sponsor:/)
  })
})

describe('the sandbox test cards', () => {
  it.each([
    ['4599991000000017', 'CREDIT', '45999910'],
    ['4599991000000058', 'DEBIT', '45999910'],
    ['4599991000000074', 'PREPAID', '45999910'],
    ['5252520000000019', 'CREDIT', '52525200'],
    ['5252520000000050', 'DEBIT', '52525200'],
    ['4509953566233704', 'CREDIT', '45099535'],
    ['371180303257522', 'CREDIT', '371180'],
  ] as const)('%s is a %s card of BIN %s', (number, type, bin) => {
    expect(luhnValid(number)).toBe(true)
    expect(sandboxCardTypeOf(number)).toBe(type)
    expect(sandboxBinOf(number)).toBe(bin)
  })

  it('reads business cards from an 8 or 9 before the check digit', () => {
    expect(sandboxCardTypeOf('4599991000000082')).toBe('BUSINESS')
    expect(sandboxCardTypeOf('4599991000000090')).toBe('BUSINESS')
  })
})
