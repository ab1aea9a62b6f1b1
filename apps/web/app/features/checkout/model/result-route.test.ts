import type { CheckoutResult } from '@palco/domain/orders/statuses'
import { describe, expect, it } from 'vitest'
import { cashProviderOfOrder, isExternalUrl, isSettled, pathOfOrder } from './result-route'

const ID = '3f1c2a4e-0000-4000-8000-000000000002'

describe('pathOfOrder', () => {
  it.each<[CheckoutResult, string, string]>([
    ['SUCCESSFUL', 'PALCO', `/checkout/successful_purchase?order=${ID}`],
    ['FAIL', 'PALCO', `/checkout/fail_purchase?order=${ID}`],
    ['PENDING_CARD', 'PALCO', `/checkout/pending?order=${ID}`],
    ['PENDING_PAYMENT', 'PALCO', `/checkout/cash/palco?order=${ID}`],
    ['PENDING_CLUB', 'PALCO', `/checkout/cash/palco?order=${ID}`],
    ['PENDING_CASH_MP', 'MERCADO_PAGO', `/checkout/cash/mercado_pago?order=${ID}`],
    ['PENDING_TRANSFER_SPEI', 'PALCO', `/checkout/transfer?order=${ID}`],
    // PSE: once back from the bank the fan waits on our transfer page, not at the bank again.
    ['PENDING_TRANSFER', 'KUSHKI', `/checkout/transfer?order=${ID}`],
    // An unknown provider name reads as the built-in one.
    ['PENDING_PAYMENT', 'sandbox', `/checkout/cash/palco?order=${ID}`],
  ])('%s (%s) → %s', (result, provider, path) => {
    expect(pathOfOrder({ id: ID, result, provider })).toBe(path)
  })

  it('keeps a hosted-page payment (LINK) on the pending page, which polls it', () => {
    expect(pathOfOrder({ id: ID, result: 'PENDING_PAYMENT', provider: 'MERCADO_PAGO', method: 'LINK' })).toBe(
      `/checkout/pending?order=${ID}`,
    )
  })
})

describe('isSettled', () => {
  it.each<[CheckoutResult, boolean]>([
    ['SUCCESSFUL', true],
    ['FAIL', true],
    ['PENDING_CARD', false],
    ['PENDING_PAYMENT', false],
    ['PENDING_TRANSFER', false],
    ['PENDING_TRANSFER_SPEI', false],
    ['PENDING_CLUB', false],
    ['PENDING_CASH_MP', false],
  ])('%s → %s', (result, settled) => {
    expect(isSettled({ result })).toBe(settled)
  })
})

describe('cashProviderOfOrder', () => {
  it.each([
    [{ provider: 'PALCO', transfer: null }, undefined, 'PALCO'],
    [{ provider: 'MERCADO_PAGO', transfer: null }, undefined, 'MERCADO_PAGO'],
    [{ provider: 'KUSHKI', transfer: null }, undefined, 'KUSHKI'],
    [{ provider: 'STAFF', transfer: null }, undefined, 'PALCO'],
    [{ provider: 'PALCO', transfer: { kind: 'SPEI' } }, undefined, 'SPEI'],
    [{ provider: 'PALCO', transfer: null }, 'mercado_pago', 'MERCADO_PAGO'],
    [{ provider: 'PALCO', transfer: null }, 'SPEI', 'SPEI'],
    [{ provider: 'KUSHKI', transfer: null }, 'unknown', 'KUSHKI'],
  ] as const)('%j with segment %s → %s', (order, segment, provider) => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial transfer is enough here
    expect(cashProviderOfOrder(order as any, segment)).toBe(provider)
  })
})

describe('isExternalUrl', () => {
  it.each([
    ['https://bank.example/pse?x=1', true],
    ['http://localhost:3000/x', true],
    ['/dev/sandbox-bank?payment=1', false],
    ['/checkout/pending?order=1', false],
  ])('%s → %s', (url, external) => {
    expect(isExternalUrl(url)).toBe(external)
  })
})
