import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSources, loadConfig, publicConfig } from '../config.js'
import { openTestApp, type TestApp } from '../test/test-app.js'
import { contentSecurityPolicy } from './security.js'

const connectOf = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src'))

/**
 * The pages may call the payment provider's API only when a country uses that provider (the browser's card
 * tokenizer does), and what the browser is told of the providers never includes a secret.
 */
describe('payment providers in the browser’s reach', () => {
  it('lets pages call only their own origin when every country uses the sandbox', () => {
    const config = loadConfig({ NODE_ENV: 'test' })
    expect(connectSources(config)).toEqual([])
    expect(connectOf(contentSecurityPolicy('n', connectSources(config)))).toBe("connect-src 'self'")
  })

  it('adds the API origin of each provider a country uses, and nothing for the others', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_PROVIDER_MEX: 'mercadopago',
      MERCADOPAGO_API_URL: 'http://127.0.0.1:5555/base/',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-secret-token',
      MERCADOPAGO_WEBHOOK_SECRET: 'mp-webhook-secret',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-key',
      PAYMENT_PROVIDER_COL: 'kushki',
      KUSHKI_PRIVATE_KEY: 'kushki-private',
      KUSHKI_PUBLIC_KEY: 'kushki-public',
      KUSHKI_WEBHOOK_SECRET: 'kushki-webhook',
    })
    expect(connectSources(config)).toEqual(['https://api.kushkipagos.com', 'http://127.0.0.1:5555'])
    const csp = contentSecurityPolicy('n', connectSources(config))
    expect(connectOf(csp)).toBe("connect-src 'self' https://api.kushkipagos.com http://127.0.0.1:5555")

    const exposed = publicConfig(config).payments
    expect(exposed).toEqual({
      COL: { provider: 'kushki', publicKey: 'kushki-public', apiUrl: 'https://api.kushkipagos.com' },
      MEX: {
        provider: 'mercadopago',
        publicKey: 'APP_USR-public-key',
        apiUrl: 'http://127.0.0.1:5555/base/',
      },
    })
    const text = JSON.stringify(publicConfig(config))
    for (const secret of ['APP_USR-secret-token', 'mp-webhook-secret', 'kushki-private', 'kushki-webhook'])
      expect(text).not.toContain(secret)
  })

  it('keeps every https: origin open when a tag manager or chat widget is configured', () => {
    const config = loadConfig({ NODE_ENV: 'test', GTM_ID: 'GTM-TEST' })
    expect(connectSources(config)).toEqual(['https:'])
  })
})

describe('the CSP header of a page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp('pglite', {
      env: {
        PAYMENT_PROVIDER_MEX: 'mercadopago',
        MERCADOPAGO_API_URL: 'http://127.0.0.1:5556',
        MERCADOPAGO_ACCESS_TOKEN: 'token',
        MERCADOPAGO_WEBHOOK_SECRET: 'secret',
        MERCADOPAGO_PUBLIC_KEY: 'public',
      },
      beforeReady: (app) => {
        app.get('/probe-page', async (_req, reply) =>
          reply.type('text/html').send('<!doctype html><p>probe</p>'),
        )
      },
    })
  })
  afterAll(async () => t?.close())

  it('names the configured provider’s origin in connect-src', async () => {
    const res = await t.app.inject({ url: '/probe-page' })
    const csp = String(res.headers['content-security-policy'])
    expect(connectOf(csp)).toBe("connect-src 'self' http://127.0.0.1:5556")
    expect(csp).toContain("script-src 'self' 'nonce-")
  })
})

describe('the Origin check of a state-changing request', () => {
  const probe = (app: FastifyInstance) => {
    app.post('/api/_origin-probe', async () => ({ ok: true }))
  }
  const post = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/_origin-probe',
      headers: { host: 'localhost:3000', ...headers },
    })

  describe('served directly', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await openTestApp('pglite', { beforeReady: probe })
    })
    afterAll(async () => t?.close())

    it('takes the scheme into account, not only the host', async () => {
      expect((await post(t, { origin: 'http://localhost:3000' })).statusCode).toBe(200)
      // Another scheme is another origin: a page served over http can be written by anyone on the network.
      const other = await post(t, { origin: 'https://localhost:3000' })
      expect(other.statusCode).toBe(403)
      expect(other.json().code).toBe('FORBIDDEN')
    })

    it('does not believe X-Forwarded-Proto from a proxy it was not told to trust', async () => {
      const res = await post(t, { origin: 'https://localhost:3000', 'x-forwarded-proto': 'https' })
      expect(res.statusCode).toBe(403)
    })
  })

  describe('behind a trusted proxy', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await openTestApp('pglite', { env: { TRUST_PROXY: 'true' }, beforeReady: probe })
    })
    afterAll(async () => t?.close())

    it('compares with the scheme the proxy was reached by', async () => {
      const https = { 'x-forwarded-proto': 'https' }
      expect((await post(t, { ...https, origin: 'https://localhost:3000' })).statusCode).toBe(200)
      expect((await post(t, { ...https, origin: 'http://localhost:3000' })).statusCode).toBe(403)
    })
  })
})
