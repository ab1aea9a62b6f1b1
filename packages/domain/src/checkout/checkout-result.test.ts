import { describe, expect, it } from 'vitest'
import type { CheckoutResult } from '../orders/statuses.js'
import {
  cashProviderOf,
  checkoutResultOf,
  isPaguitosPlanPayment,
  nextPathOf,
  paguitosPlanResult,
  type ResultInput,
} from './checkout-result.js'

describe('checkout result', () => {
  it.each<[ResultInput, CheckoutResult]>([
    [{ status: 'PAID', method: 'CARD', provider: 'PALCO' }, 'SUCCESSFUL'],
    [{ status: 'PAID', method: 'WALLET', provider: 'PALCO' }, 'SUCCESSFUL'],
    [{ status: 'CANCELED', method: 'CARD', provider: 'MERCADO_PAGO' }, 'FAIL'],
    [{ status: 'EXPIRED', method: 'CASH', provider: 'PALCO', network: 'oxxo' }, 'FAIL'],
    [{ status: 'REFUNDED', method: 'CARD', provider: 'KUSHKI' }, 'FAIL'],
    [{ status: 'PENDING', method: 'CARD', provider: 'PALCO' }, 'PENDING_CARD'],
    [
      { status: 'PENDING_CASH_PAYMENT', method: 'CASH', provider: 'PALCO', network: 'oxxo' },
      'PENDING_PAYMENT',
    ],
    [
      { status: 'PENDING_CASH_PAYMENT', method: 'CASH', provider: 'MERCADO_PAGO', network: 'oxxo' },
      'PENDING_CASH_MP',
    ],
    [
      { status: 'PENDING_CASH_PAYMENT', method: 'CASH', provider: 'KUSHKI', network: 'cash' },
      'PENDING_PAYMENT',
    ],
    [
      { status: 'PENDING_CASH_PAYMENT', method: 'CASH', provider: 'MERCADO_PAGO', network: 'cashInClub' },
      'PENDING_CLUB',
    ],
    [
      { status: 'PROCESSING_TRANSFER', method: 'TRANSFER', provider: 'PALCO', transferKind: 'SPEI' },
      'PENDING_TRANSFER_SPEI',
    ],
    [
      { status: 'PROCESSING_TRANSFER', method: 'TRANSFER', provider: 'KUSHKI', transferKind: 'PSE' },
      'PENDING_TRANSFER',
    ],
    // Spec §4's started TRANSFER: pending, never a failure.
    [{ status: 'PENDING', method: 'TRANSFER', provider: 'PALCO', transferKind: 'PSE' }, 'PENDING_TRANSFER'],
    [
      { status: 'PENDING', method: 'TRANSFER', provider: 'PALCO', transferKind: 'SPEI' },
      'PENDING_TRANSFER_SPEI',
    ],
    [{ status: 'PENDING', method: 'CASH', provider: 'PALCO', network: 'cashInClub' }, 'PENDING_CLUB'],
    [{ status: 'PENDING', method: 'WALLET', provider: 'PALCO' }, 'PENDING_PAYMENT'],
    [{ status: 'PENDING', method: 'LINK', provider: 'MERCADO_PAGO' }, 'PENDING_PAYMENT'],
    [{ status: 'PAID', method: 'LINK', provider: 'MERCADO_PAGO' }, 'SUCCESSFUL'],
  ])('%j → %s', (input, result) => expect(checkoutResultOf(input)).toBe(result))

  it.each<[CheckoutResult, string, string | null, string]>([
    ['SUCCESSFUL', 'PALCO', null, '/checkout/successful_purchase?order=o1'],
    ['FAIL', 'PALCO', null, '/checkout/fail_purchase?order=o1'],
    ['PENDING_CARD', 'PALCO', null, '/checkout/pending?order=o1'],
    ['PENDING_PAYMENT', 'PALCO', null, '/checkout/cash/palco?order=o1'],
    ['PENDING_CLUB', 'PALCO', null, '/checkout/cash/palco?order=o1'],
    ['PENDING_CASH_MP', 'MERCADO_PAGO', null, '/checkout/cash/mercado_pago?order=o1'],
    ['PENDING_PAYMENT', 'KUSHKI', null, '/checkout/cash/kushki?order=o1'],
    ['PENDING_TRANSFER_SPEI', 'PALCO', null, '/checkout/transfer?order=o1'],
    ['PENDING_TRANSFER', 'PALCO', '/dev/sandbox-bank?payment=p1', '/dev/sandbox-bank?payment=p1'],
    ['PENDING_TRANSFER', 'PALCO', null, '/checkout/transfer?order=o1'],
  ])('%s with %s → %s', (result, provider, redirectUrl, path) => {
    expect(nextPathOf({ orderId: 'o1', result, provider: provider as 'PALCO', redirectUrl })).toBe(path)
  })

  it('sends a fan whose seats are reserved at the box office to the pending page, which says to pay there', () => {
    expect(
      nextPathOf({ orderId: 'o1', result: 'PENDING_CLUB', provider: 'STAFF', method: 'RESERVATION' }),
    ).toBe('/checkout/pending?order=o1')
  })

  it('waits for a hosted-page payment on the pending page, which has no voucher to show', () => {
    expect(
      nextPathOf({ orderId: 'o1', result: 'PENDING_PAYMENT', provider: 'MERCADO_PAGO', method: 'LINK' }),
    ).toBe('/checkout/pending?order=o1')
  })

  it.each([
    ['PALCO', 'PALCO'],
    ['MERCADO_PAGO', 'MERCADO_PAGO'],
    ['KUSHKI', 'KUSHKI'],
    ['STAFF', 'PALCO'],
    ['sandbox', 'PALCO'],
  ])('cash page of provider %s is %s', (provider, cash) => expect(cashProviderOf(provider)).toBe(cash))

  it('treats PAYMENT from PAGUITOS as an installment plan that is pending until confirmed', () => {
    expect(isPaguitosPlanPayment('PAYMENT', 'PAGUITOS')).toBe(true)
    expect(isPaguitosPlanPayment('SUBSCRIPTION', 'PAGUITOS')).toBe(false)
    expect(isPaguitosPlanPayment('PAYMENT', 'KUSHKI')).toBe(false)
    expect(paguitosPlanResult(false)).toBe('PENDING_PAYMENT')
    expect(paguitosPlanResult(true)).toBe('SUCCESSFUL')
  })
})
