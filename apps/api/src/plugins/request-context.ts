import { randomUUID } from 'node:crypto'
import { type Country, countryFromHost, type Locale, localeOf } from '@palco/domain/locale/country'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    country: Country
    locale: Locale
  }
}

// A caller's id ties our log lines to theirs (a proxy's, a support ticket's); anything longer or with other
// characters could forge or flood log lines, so it is replaced rather than cleaned.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** The request id: the caller's `X-Request-Id` when it is a short safe token, else a fresh UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID()
}

/** The country comes from the host name only (spec §1); an unknown host is Colombia. */
export const requestContextPlugin = fp(async (app: FastifyInstance, opts: { mxHosts: readonly string[] }) => {
  app.decorateRequest('country', 'COL')
  app.decorateRequest('locale', 'es-CO')
  app.addHook('onRequest', async (request) => {
    request.country = countryFromHost(request.host, opts.mxHosts)
    request.locale = localeOf(request.country)
  })
})
