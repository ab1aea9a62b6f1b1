import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../db/seed/demo-accounts.js'
import { loginAs } from '../test/session.js'
import { openTestApp, type TestApp } from '../test/test-app.js'
import { ENGINES } from '../test/test-db.js'
import { unstorableFields } from './input-guard.js'

describe('unstorableFields', () => {
  it.each<[string, unknown, string[]]>([
    ['clean text', { name: 'Ana María 🎫', tags: ['a', 'b'] }, []],
    ['a NUL', { contact: { email: 'a\u0000@x.co' } }, ['contact.email']],
    ['a lone high surrogate', { name: 'Ana\ud800' }, ['name']],
    ['a lone low surrogate', { name: '\udc00Ana' }, ['name']],
    ['a pair split by another character', { name: '\ud83cx\udfab' }, ['name']],
    ['an array element', { seats: ['A-1', 'B\u0000'] }, ['seats.1']],
    ['a bad key, reported as its parent', { data: { 'a\u0000': 1 } }, ['data']],
    ['a bad top-level string', 'x\u0000', ['body']],
    ['bytes, which are not text', { raw: Buffer.from([0, 0xd8]) }, []],
  ])('finds %s', (_, value, fields) => {
    expect(unstorableFields(value, '')).toEqual(fields)
  })

  it('walks nesting far deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(unstorableFields(deep, '')).toHaveLength(1)
  })

  it('names a few culprits, not an attacker’s thousands', () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, '\u0000']))
    expect(unstorableFields(many, '').length).toBeLessThanOrEqual(10)
  })
})

/**
 * NUL and lone surrogates used to reach PostgreSQL (which refuses NUL in text and broken Unicode in json)
 * and come back as 500s. They are refused before any route's validation, with the field named.
 */
describe.each(ENGINES)('text no column can store, on %s', (engine) => {
  let t: TestApp
  let fan: string
  let admin: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await loginAs(t.app, 'fan@palco.co')
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => t?.close())

  const order = (over: Record<string, unknown>) => {
    const { contact, billing } = demoCheckoutDetails('fan@palco.co')
    return {
      reservationId: randomUUID(),
      contact,
      billing,
      payment: { method: 'CASH', network: 'cash' },
      expectedTotal: 100,
      currency: 'COP',
      idempotencyKey: randomUUID(),
      ...over,
    }
  }
  const signUp = {
    firstName: '\ud800Ana',
    lastName: 'Pérez',
    email: 'ana.perez@example.co',
    phonePrefix: '+57',
    phone: '3015550101',
    documentType: 'CC',
    documentNumber: '10203040',
    gender: 'FEMALE',
    birthDate: '1990-01-01',
    password: 'Boleta#2026',
    acceptTerms: true,
  }

  type Case = [string, () => InjectOptions, string]
  const cases: Case[] = [
    ['an event slug', () => ({ url: '/api/event?slug=abc%00def' }), 'slug'],
    ['a catalogue search', () => ({ url: '/api/events?q=rock%00' }), 'q'],
    ['a tour slug', () => ({ url: '/api/tour?slug=%00' }), 'slug'],
    [
      'a login email',
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a\u0000@x.co', password: 'Boleta#2026' },
      }),
      'email',
    ],
    [
      'a password-reset email',
      () => ({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'a\u0000@x.co' } }),
      'email',
    ],
    [
      'a code-resend email',
      () => ({ method: 'POST', url: '/api/auth/otp/resend', payload: { email: 'a\u0000@x.co' } }),
      'email',
    ],
    [
      'a name when signing up',
      () => ({ method: 'POST', url: '/api/v1/auth/sign-up', payload: signUp }),
      'firstName',
    ],
    [
      'a fan’s new name',
      () => ({
        method: 'PUT',
        url: '/api/fan',
        headers: { cookie: fan },
        payload: { firstName: 'Ana\ud800', lastName: 'Pérez', gender: 'FEMALE', birthDate: '1990-01-01' },
      }),
      'firstName',
    ],
    [
      'an email to check',
      () => ({
        method: 'POST',
        url: '/api/fan/email-validation',
        headers: { cookie: fan },
        payload: { email: 'a\u0000@x.co' },
      }),
      'email',
    ],
    [
      'a preferred section',
      () => ({
        method: 'PUT',
        url: '/api/fans/seat-customizations',
        headers: { cookie: fan },
        payload: { preferredSections: ['NORTE', 'SUR\u0000'] },
      }),
      'preferredSections.1',
    ],
    [
      'an order’s contact',
      () => {
        const { contact } = demoCheckoutDetails('fan@palco.co')
        return {
          method: 'POST',
          url: '/api/checkout/orders',
          headers: { cookie: fan },
          payload: order({ contact: { ...contact, email: 'a\u0000@x.co' } }),
        }
      },
      'contact.email',
    ],
    [
      'an order’s billing name',
      () => {
        const { billing } = demoCheckoutDetails('fan@palco.co')
        return {
          method: 'POST',
          url: '/api/checkout/orders',
          headers: { cookie: fan },
          payload: order({ billing: { ...billing, fullName: 'Ana\u0000' } }),
        }
      },
      'billing.fullName',
    ],
    [
      'an order’s idempotency key',
      () => ({
        method: 'POST',
        url: '/api/checkout/orders',
        headers: { cookie: fan },
        payload: order({ idempotencyKey: `${randomUUID()}\u0000` }),
      }),
      'idempotencyKey',
    ],
    [
      'a venue name',
      () => ({
        method: 'POST',
        url: '/api/admin/venues',
        headers: { cookie: admin },
        payload: { country: 'COL', name: 'Coliseo \udfab', city: 'Bogotá', timeZone: 'America/Bogota' },
      }),
      'name',
    ],
    ['a path parameter', () => ({ url: '/api/checkout/orders/a%00b', headers: { cookie: fan } }), 'id'],
    [
      'a header',
      () => ({ url: '/api/health', headers: { 'idempotency-key': 'k\u0000' } }),
      'idempotency-key',
    ],
  ]

  it.each(cases)(
    'refuses a NUL or lone surrogate in %s with 400, naming the field',
    async (_, req, field) => {
      const res = await t.app.inject({ ...req(), remoteAddress: `10.77.0.${++ip}` })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'INVALID_CHARACTERS',
        fields: { [field]: 'INVALID_CHARACTERS' },
      })
    },
  )

  it('keeps characters outside the basic plane, written as surrogate pairs', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/fan',
      headers: { cookie: fan },
      payload: { firstName: 'Ana 🎫', lastName: 'Pérez 𝒜', gender: 'FEMALE', birthDate: '1990-01-01' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const me = await t.app.inject({ url: '/api/fan', headers: { cookie: fan } })
    expect(me.json()).toMatchObject({ firstName: 'Ana 🎫', lastName: 'Pérez 𝒜' })
  })
})
