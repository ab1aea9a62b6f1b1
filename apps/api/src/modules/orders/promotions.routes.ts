import {
  promoBatchInputSchema,
  promoBatchResultSchema,
  promoCodeInputSchema,
  promoCodeListSchema,
  promoCodePatchSchema,
  promoCodeViewSchema,
  promoListQuerySchema,
  promoTargetsSchema,
} from '@palco/domain/checkout/promo-admin-contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff } from '../../plugins/auth.js'
import {
  changePromoCode,
  createPromoBatch,
  createPromoCode,
  deleteUnusedPromoCode,
  listPromoCodes,
  promoBatchCsv,
  promoTargets,
} from './promotions.service.js'

const tags = ['admin']
const reader = requireStaff('events.read')
const writer = requireStaff('events.write')
const noStore = { 'cache-control': 'no-store' }
const promoParams = z.object({ promoId: z.uuid() })
const RULES =
  '422 RULE_BROKEN names the field: `percentBps`/`amount` missing for the kind (or given for the other), `endsAt` not after `startsAt`, `maxUsesPerFan` above `maxUses`, `eventIds` none (organiser staff), unknown or another organiser’s (`unknownEvent`), of two organisers; `zoneIds` not tiers of those events.'

const writerOf = async (request: FastifyRequest) => ({
  actor: { ...(await request.requireUser()), address: request.ip },
  scope: await request.staffScope('events.write'),
})

/**
 * The back office's promo codes (issue 43 part 5): organiser staff see and change their organiser's codes,
 * platform admins every one; another organiser's code answers 404. Codes are the site's country's.
 */
export async function promotionRoutes(app: FastifyInstance) {
  readRoutes(app)
  createRoutes(app)
  changeRoutes(app)
}

function readRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/promo-codes',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The asker’s promo codes with their uses and what is left, newest first (page 0, 20 a page)',
        querystring: promoListQuerySchema,
        response: { 200: promoCodeListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const scope = await request.staffScope('events.read')
      return listPromoCodes(app.db, scope, request.country, request.query)
    },
  )

  r.get(
    '/api/admin/promo-codes/targets',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The events and tiers a new promo code of the asker’s may name',
        response: { 200: promoTargetsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return promoTargets(app.db, await request.staffScope('events.write'), request.country)
    },
  )

  r.get(
    '/api/admin/promo-codes/batches/:batchId/codes.csv',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'A batch’s codes as CSV',
        params: z.object({ batchId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { label, csv } = await promoBatchCsv(
        app.db,
        await request.staffScope('events.read'),
        request.params.batchId,
      )
      const name = label.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'codes'
      reply
        .headers(noStore)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="promo-${name}.csv"`)
      return csv
    },
  )
}

function createRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/promo-codes',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Create a promo code',
        description: `${RULES} 409 CONFLICT on \`code\` when the country has that code already.`,
        body: promoCodeInputSchema,
        response: { 201: promoCodeViewSchema },
      },
    },
    async (request, reply) => {
      const { actor, scope } = await writerOf(request)
      reply.code(201)
      return createPromoCode(app.db, actor, scope, request.country, request.body)
    },
  )

  r.post(
    '/api/admin/promo-codes/batch',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Create up to 1,000 random promo codes behind a prefix, on the same terms, all or none',
        description: RULES,
        body: promoBatchInputSchema,
        response: { 201: promoBatchResultSchema },
      },
    },
    async (request, reply) => {
      const { actor, scope } = await writerOf(request)
      reply.code(201)
      return createPromoBatch(app.db, actor, scope, request.country, request.body)
    },
  )
}

function changeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.patch(
    '/api/admin/promo-codes/:promoId',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Change a promo code’s caps, validity or switch',
        description:
          '422 RULE_BROKEN names the field: `maxUses` below the uses taken (`belowUses`), `maxUsesPerFan` above `maxUses`, `endsAt` not after `startsAt`.',
        params: promoParams,
        body: promoCodePatchSchema,
        response: { 200: promoCodeViewSchema },
      },
    },
    async (request) => {
      const { actor, scope } = await writerOf(request)
      return changePromoCode(app.db, actor, scope, request.params.promoId, request.body)
    },
  )

  r.delete(
    '/api/admin/promo-codes/:promoId',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a promo code no order used (409: a used one is deactivated instead)',
        params: promoParams,
      },
    },
    async (request, reply) => {
      const { actor, scope } = await writerOf(request)
      await deleteUnusedPromoCode(app.db, actor, scope, request.params.promoId)
      reply.code(204)
    },
  )
}
