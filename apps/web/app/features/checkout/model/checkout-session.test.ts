import { describe, expect, it } from 'vitest'
import {
  forgetCheckout,
  type KeyValueStorage,
  loadDetails,
  orderTrail,
  rememberOrder,
  saveDetails,
} from './checkout-session'

function memoryStore(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

const details = {
  contact: {
    firstName: 'Camila',
    lastName: 'Rojas',
    email: 'fan@palco.co',
    phonePrefix: '+57' as const,
    phone: '3001234567',
  },
  billing: { fullName: 'Camila Rojas', documentType: 'CC' as const, documentNumber: '1020304050' },
}
// As typed (spaces in the phone) and as validated.
const saved = {
  raw: { ...details, contact: { ...details.contact, phone: '300 123 4567' } },
  parsed: details,
}
const RES = '3f1c2a4e-0000-4000-8000-000000000001'
const ORDER = '3f1c2a4e-0000-4000-8000-000000000002'

describe('checkout session', () => {
  it('keeps the forms per reservation', () => {
    const store = memoryStore()
    saveDetails(store, RES, saved)
    expect(loadDetails(store, RES)).toEqual(saved)
    expect(loadDetails(store, 'another')).toBeNull()
  })

  it('drops saved forms that are no longer valid or not JSON', () => {
    const store = memoryStore()
    store.setItem(`palco.checkout.details.${RES}`, JSON.stringify({ contact: { firstName: '' } }))
    expect(loadDetails(store, RES)).toBeNull()
    // Saved before the payment page read both shapes: the fan fills the forms again.
    store.setItem(`palco.checkout.details.${RES}`, JSON.stringify(details))
    expect(loadDetails(store, RES)).toBeNull()
    const missingField = { ...saved, parsed: { ...details, billing: { fullName: 'Camila Rojas' } } }
    store.setItem(`palco.checkout.details.${RES}`, JSON.stringify(missingField))
    expect(loadDetails(store, RES)).toBeNull()
    store.setItem(`palco.checkout.details.${RES}`, '{not json')
    expect(loadDetails(store, RES)).toBeNull()
  })

  it('remembers which reservation an order pays, and forgets everything once paid', () => {
    const store = memoryStore()
    saveDetails(store, RES, saved)
    rememberOrder(store, ORDER, { reservationId: RES, eventSlug: 'santa-fe-vs-nacional' })
    expect(orderTrail(store, ORDER)).toEqual({ reservationId: RES, eventSlug: 'santa-fe-vs-nacional' })
    forgetCheckout(store, ORDER)
    expect(store.data.size).toBe(0)
  })

  it('works without storage (server render, blocked storage)', () => {
    expect(loadDetails(null, RES)).toBeNull()
    expect(() => saveDetails(null, RES, saved)).not.toThrow()
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('full')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => saveDetails(throwing, RES, saved)).not.toThrow()
    expect(orderTrail(throwing, ORDER)).toBeNull()
    expect(() => forgetCheckout(throwing, ORDER)).not.toThrow()
  })
})
