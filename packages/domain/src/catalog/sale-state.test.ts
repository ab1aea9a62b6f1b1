import { describe, expect, it } from 'vitest'
import { type SaleState, saleFlagsOf, saleStateOf } from './sale-state.js'

const NOW = new Date('2026-06-01T12:00:00Z')
const at = (iso: string) => new Date(iso)

describe('saleStateOf', () => {
  const base = {
    status: 'PUBLISHED',
    onSaleAt: at('2026-05-01T00:00:00Z'),
    offSaleAt: at('2026-06-10T19:00:00Z'),
    endsAt: at('2026-06-10T21:00:00Z'),
  }
  it.each<[string, Partial<typeof base>, SaleState]>([
    ['published, inside the sales window', {}, 'ON_SALE'],
    ['sales open exactly now', { onSaleAt: NOW }, 'ON_SALE'],
    ['sales open in a minute', { onSaleAt: at('2026-06-01T12:01:00Z') }, 'NOT_YET_ON_SALE'],
    ['sales closed exactly now', { offSaleAt: NOW }, 'SALES_CLOSED'],
    ['started, not over yet', { offSaleAt: at('2026-06-01T11:00:00Z') }, 'SALES_CLOSED'],
    ['ended exactly now', { offSaleAt: at('2026-06-01T10:00:00Z'), endsAt: NOW }, 'EXPIRED'],
    ['ended yesterday', { endsAt: at('2026-05-31T12:00:00Z') }, 'EXPIRED'],
    ['disabled before its date', { status: 'DISABLED' }, 'DISABLED'],
    ['disabled and over', { status: 'DISABLED', endsAt: at('2026-05-31T12:00:00Z') }, 'DISABLED'],
    ['a draft is never on sale', { status: 'DRAFT' }, 'DISABLED'],
    ['cancelled before its date', { status: 'CANCELLED' }, 'CANCELLED'],
    ['cancelled and over', { status: 'CANCELLED', endsAt: at('2026-05-31T12:00:00Z') }, 'CANCELLED'],
    ['ISO strings work too', { endsAt: '2026-05-31T12:00:00Z' as never }, 'EXPIRED'],
  ])('%s → %s', (_label, overrides, expected) => {
    expect(saleStateOf({ ...base, ...overrides }, NOW)).toBe(expected)
  })
})

describe('saleFlagsOf', () => {
  it.each<[SaleState, [boolean, boolean, boolean, boolean, boolean]]>([
    ['ON_SALE', [true, false, false, false, false]],
    ['NOT_YET_ON_SALE', [false, true, false, false, false]],
    ['SALES_CLOSED', [false, false, false, false, false]],
    ['EXPIRED', [false, false, true, false, false]],
    ['DISABLED', [false, false, false, true, false]],
    ['CANCELLED', [false, false, false, false, true]],
  ])(
    '%s → onSale, notYetOnSale, expired, disabled, cancelled = %j',
    (state, [onSale, notYet, expired, disabled, cancelled]) => {
      expect(saleFlagsOf(state)).toEqual({
        saleState: state,
        onSale,
        notYetOnSale: notYet,
        expired,
        disabled,
        cancelled,
      })
    },
  )
})
