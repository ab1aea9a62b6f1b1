import type { FastifyInstance } from 'fastify'
import { prometheusContentType } from 'prom-client'
import { scrapersOnly } from './scrape-access.js'

/** `/metrics` for Prometheus; what it may show and who may read it: docs/operations.md, "What to watch". */
export async function metricsRoutes(app: FastifyInstance, opts: { token: string | undefined }) {
  app.get(
    '/metrics',
    {
      onRequest: scrapersOnly(opts.token),
      schema: {
        tags: ['operations'],
        summary: 'Figures for Prometheus (this machine, or METRICS_TOKEN bearers, only)',
        description:
          'Prometheus text format. Without METRICS_TOKEN only clients on this machine (loopback, not through ' +
          'a proxy) may read it; with it, only requests with `Authorization: Bearer <token>`. Anyone else ' +
          'gets 404.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store').type(prometheusContentType)
      return app.metrics.scrape()
    },
  )
}
