import { randomBytes } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { expect, type Page } from '@playwright/test'
import { api } from './api'

/** Who buys, as the checkout's contact and billing forms send it. */
export interface Buyer {
  contact: { firstName: string; lastName: string; email: string; phone: string }
  billing: { fullName: string; documentType: string; documentNumber: string }
}

/**
 * The logged-in fan buys one place of the event's first zone (sold by quantity) by sandbox card, approved
 * (holder APRO), through the API as the checkout pages call it. Answers the paid order.
 */
export async function buyOnePlaceByCard(
  fan: Page,
  event: { id: string; slug: string },
  buyer: Buyer,
  card: { number: string; idempotencyKey: string },
) {
  const detail = await api<{ zones: { id: string }[] }>(fan, 'GET', `/api/event?slug=${event.slug}`)
  const held = await api<{ id: string }>(fan, 'POST', '/api/reservations', {
    eventId: event.id,
    section: detail.data.zones[0]?.id,
    quantity: 1,
  })
  expect(held.status, JSON.stringify(held.data)).toBe(201)
  const cart = await api<{ total: number; currency: string }>(
    fan,
    'GET',
    `/api/checkout-service/cart?reservation=${held.data.id}`,
  )
  const token = tokenizeSandboxCard(
    { number: card.number, expMonth: 11, expYear: 2031, cvv: '123', holderName: 'APRO' },
    (n) => new Uint8Array(randomBytes(n)),
  )
  if (!token.ok) throw new Error('sandbox card refused')
  const bought = await api<{ order: { id: string; code: string; status: string } }>(
    fan,
    'POST',
    '/api/checkout/orders',
    {
      reservationId: held.data.id,
      ...buyer,
      payment: { method: 'CARD', cardToken: token.token, installments: 1, walletAmount: 0 },
      expectedTotal: cart.data.total,
      currency: cart.data.currency,
      idempotencyKey: card.idempotencyKey,
    },
  )
  expect(bought.data.order?.status, JSON.stringify(bought.data)).toBe('PAID')
  return bought.data.order
}
