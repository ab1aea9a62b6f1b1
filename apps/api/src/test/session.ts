import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { DEMO_PASSWORD } from '../db/seed/demo-accounts.js'

/** Cookie header for the next request, from a response's Set-Cookie (a one-cookie browser jar). */
export function cookieFrom(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '' && (c.maxAge === undefined || c.maxAge > 0))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ')
}

/** Logs in through the public route and returns the cookie header to act as that person. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`)
  return cookieFrom(res)
}

/** Registers and confirms a new fan through the public routes; returns their session cookie. */
export async function registerFan(
  app: FastifyInstance,
  n: number,
  host = 'localhost:3000',
  email = `fan${n}.${Date.now()}@example.co`,
): Promise<string> {
  const body = {
    firstName: 'Fan',
    lastName: `Número ${n}`,
    email,
    phonePrefix: '+57',
    phone: `301${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 10),
    documentType: 'CC',
    documentNumber: `9${String(n).padStart(4, '0')}${Date.now() % 100_000}`,
    gender: 'OTHER',
    birthDate: '1990-01-01',
    password: 'Boleta#2026',
    acceptTerms: true,
  }
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: body,
    headers: { host },
    remoteAddress: `10.9.${n % 250}.1`,
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  const row = await app.db
    .selectFrom('outbox_messages')
    .select('text_body')
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const code = row.text_body.match(/\b(\d{6})\b/)?.[1]
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/otp/confirm',
    payload: { email, code },
    headers: { host },
    remoteAddress: `10.9.${n % 250}.1`,
  })
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`)
  return cookieFrom(confirm)
}
