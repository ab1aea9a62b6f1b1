import { DomainError } from '@palco/domain/errors/domain-error'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { tokenizeAtSandbox } from './card-facts.service.js'
import type { PaymentsDeps } from './payment-outcome.js'
import type { WebhookRequest } from './provider.js'
import {
  pendingSandboxPayments,
  type SandboxAction,
  sandboxPaymentView,
  settleSandboxPayment,
} from './sandbox-dev.service.js'
import { handleWebhook } from './webhooks.service.js'

const webhookAnswer = z.object({
  status: z.enum(['applied', 'duplicate', 'ignored']),
  outcome: z.string().optional(),
})

function webhookRequestOf(request: FastifyRequest): WebhookRequest {
  const query: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string') query[k] = v
  }
  return { headers: request.headers, query, rawBody: typeof request.body === 'string' ? request.body : '' }
}

const tags = ['payments']
const devTags = ['payments (sandbox, development only)']

const sandboxView = z.object({
  id: z.string(),
  paymentId: z.string(),
  orderId: z.string().nullable(),
  method: z.string(),
  kind: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  reference: z.string().nullable(),
  clabe: z.string().nullable(),
  expiresAt: z.string().nullable(),
  returnUrl: z.string().nullable(),
  /** A hosted page's addresses (LINK): where the page sends the fan after paying or declining. */
  backUrls: z.object({ success: z.string(), failure: z.string(), pending: z.string() }).nullable(),
})
const params = z.object({ paymentId: z.string().uuid() })
const pendingView = z.object({
  payments: z.array(
    z.object({
      id: z.string(),
      paymentId: z.string(),
      orderId: z.string(),
      orderCode: z.string(),
      method: z.string(),
      kind: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
})

type PaymentRoutesOptions = { deps: PaymentsDeps; sandboxDev: boolean; sandboxSecret: string }

/** Provider webhooks (every provider) and, outside production, the sandbox's dev endpoints. */
export async function paymentRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  await webhookRoutes(app, opts.deps)
  sandboxTokenRoutes(app, opts.deps)
  if (!opts.sandboxDev) return
  sandboxReadRoutes(app, opts.deps)
  sandboxActionRoutes(app, opts)
}

/** `POST /api/payments/webhooks/:provider`: what a provider tells us, read as the exact bytes it signed. */
async function webhookRoutes(app: FastifyInstance, deps: PaymentsDeps) {
  // Signatures are over the exact bytes received, so these routes read the body as a string; the parsers
  // are scoped to this plugin and leave every other route's JSON parsing alone.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhooks/:provider',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A payment provider notifies us of a payment change',
          description:
            'Verified by the provider’s signature (bad → 401 WEBHOOK_SIGNATURE_INVALID), stored once per notification id, then applied by asking the provider for the payment’s status; the body is never trusted. Replays answer `duplicate`; a notification about an unknown payment is recorded and answered `ignored` (200, so the provider stops retrying). 503 when the provider cannot be asked: it retries.',
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: webhookAnswer },
        },
      },
      async (request) => handleWebhook(deps, request.params.provider, webhookRequestOf(request)),
    )
  })
}

const sandboxCardBody = z.object({
  number: z.string().max(30),
  holderName: z.string().max(120),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvv: z.string().max(4),
})
const sandboxTokenAnswer = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  /** The card's BIN and type as the provider read them, as Mercado Pago's token answer gives its digits. */
  card: z.object({ bin: z.string(), type: z.string() }).nullable(),
})

/**
 * The sandbox's tokenization endpoint (issue 42 part 2), registered wherever the sandbox runs: it plays the
 * provider's own server, so the token it issues can be described later from its records, not the browser's.
 */
function sandboxTokenRoutes(app: FastifyInstance, deps: PaymentsDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/payments/sandbox/card-tokens',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Tokenize a test card at the sandbox provider',
        description:
          'Test cards only (README, demo section): the card type is the digit before the check digit (0–4 credit, 5–6 debit, 7 prepaid, 8–9 business) and the holder name picks the outcome. Keeps the BIN, type, brand and last 4 for the token; never the number or security code. A refused card → 400 InvalidParameterException naming the field.',
        body: sandboxCardBody,
        response: { 200: sandboxTokenAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return tokenizeAtSandbox(deps.providers, request.body, new Date())
    },
  )
}

/** The pretend bank's and store's pages read the fan's waiting payments and one payment. */
function sandboxReadRoutes(app: FastifyInstance, deps: PaymentsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/payments/sandbox/payments',
    {
      schema: {
        tags: devTags,
        summary: "The signed-in fan's sandbox payments still waiting to be decided",
        description:
          'Newest first, at most 20: what the pretend bank and store pages list when opened without a payment id. Only the session’s own payments; no session → 401. Not registered in production.',
        response: { 200: pendingView },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId } = await request.requireUser()
      return { payments: await pendingSandboxPayments(deps.db, userId) }
    },
  )

  r.get(
    '/api/payments/sandbox/payments/:paymentId',
    {
      schema: {
        tags: devTags,
        summary: 'A sandbox payment, for the pretend bank and store pages',
        description: 'Accepts the sandbox’s payment id or ours. Not registered in production.',
        params,
        response: { 200: sandboxView },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return sandboxPaymentView(deps.db, request.params.paymentId)
    },
  )
}

/** The pretend bank's and store's buttons: settle a payment, then deliver its signed webhook. */
function sandboxActionRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { deps } = opts
  for (const action of ['approve', 'decline', 'expire'] as const satisfies readonly SandboxAction[]) {
    r.post(
      `/api/payments/sandbox/payments/:paymentId/${action}`,
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: devTags,
          summary: `Pretend the fan's payment was ${action === 'approve' ? 'paid' : action === 'decline' ? 'refused by the bank' : 'left to expire'}`,
          description:
            'Changes the sandbox payment, then delivers a signed webhook through POST /api/payments/webhooks/sandbox, exactly as a provider would. Not registered in production.',
          params,
          response: { 200: sandboxView.extend({ webhook: webhookAnswer }) },
        },
      },
      async (request) => {
        const settled = await settleSandboxPayment(
          deps.db,
          opts.sandboxSecret,
          request.params.paymentId,
          action,
        )
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: settled.headers,
          payload: settled.rawBody,
        })
        if (res.statusCode !== 200) {
          throw new DomainError(res.statusCode === 503 ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'INTERNAL', {
            message: `The sandbox webhook answered ${res.statusCode}.`,
          })
        }
        return { ...(await sandboxPaymentView(deps.db, settled.row.id)), webhook: res.json() }
      },
    )
  }
}
