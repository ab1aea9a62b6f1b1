import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Config, publicUrl, sandboxDevEndpointsEnabled } from '../../config.js'
import { eventCancellationRoutes } from '../event-lifecycle/event-cancellation.routes.js'
import { eventRefundsJob } from '../event-lifecycle/event-cancellation.service.js'
import { inscriptionFormRoutes } from '../inscriptions/inscription-forms.routes.js'
import { paymentRoutes } from '../payments/payments.routes.js'
import type { PaymentProviderAdapter, ProviderCode } from '../payments/provider.js'
import { reconcileJob } from '../payments/reconcile.js'
import { createProviderRegistry } from '../payments/registry.js'
import { type CheckoutDeps, settlementOf } from '../settlement/settlement.service.js'
import { checkoutRoutes } from './checkout.routes.js'
import { planPassJob } from './installments.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutDeps
  }
}

/**
 * Checkout and payments as one registration for app.ts: the provider registry, the routes, and the jobs of
 * payment reconciliation, the plan pass and a cancelled event's refunds.
 */
async function checkoutModule(
  app: FastifyInstance,
  opts: { config: Config; adapters?: Partial<Record<ProviderCode, PaymentProviderAdapter>> },
) {
  const base = {
    db: app.db,
    providers: createProviderRegistry(opts.config, app.db, opts.adapters),
    random: randomBytes,
    publicUrl: publicUrl(opts.config),
    log: app.log,
  }
  // Payments reaches checkout only through this port (issue 14: no checkout ↔ payments cycle).
  const deps: CheckoutDeps = { ...base, settlement: settlementOf(base) }
  app.decorate('checkout', deps)
  await app.register(checkoutRoutes, { deps, devEndpoints: sandboxDevEndpointsEnabled(opts.config) })
  await app.register(eventCancellationRoutes, { deps, jobs: app.jobs })
  await app.register(inscriptionFormRoutes)
  await app.register(paymentRoutes, {
    deps,
    sandboxDev: sandboxDevEndpointsEnabled(opts.config),
    sandboxSecret: opts.config.SANDBOX_WEBHOOK_SECRET,
  })
  // Worked wherever the app works jobs (server.ts, worker.ts); tests run passes and batches themselves.
  app.jobs.define(reconcileJob(deps, opts.config.PAYMENT_RECONCILE_INTERVAL_MS))
  app.jobs.define(planPassJob(deps))
  app.jobs.define(eventRefundsJob(deps, app.jobs))
}

/** Not encapsulated, so `app.checkout` (the deps) is visible to tests and jobs. */
export const checkoutPlugin = fp(checkoutModule, { name: 'checkout' })
