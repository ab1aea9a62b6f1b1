import { type Country, countryFromHost, type Locale, localeOf } from '@palco/domain/locale/country'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    country: Country
    locale: Locale
  }
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
