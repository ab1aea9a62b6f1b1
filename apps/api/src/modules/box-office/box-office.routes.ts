import type { FastifyInstance } from 'fastify'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import {
  courtesyQuotaRoutes,
  courtesyReasonRoutes,
  operatorAccountRoutes,
  operatorEventRoutes,
} from './box-office-admin.routes.js'
import { planPaymentRoutes, planSaleRoutes } from './counter-plan.routes.js'
import {
  counterSaleRoutes,
  refundRoutes,
  reservationRoutes,
  saleAfterRoutes,
  saleLookupRoutes,
} from './counter-sale.routes.js'
import { reportRoutes, shiftRoutes } from './shift.routes.js'

/**
 * The box office's API (issue 15): shifts, finding the buyer, counter sales and voids. Operators only: a fan
 * gets 403 on every route; an operator sees a fan's lookup fields, never their purchases.
 */
export async function boxOfficeRoutes(app: FastifyInstance, opts: { deps: CheckoutDeps }) {
  const { deps } = opts
  shiftRoutes(app)
  counterSaleRoutes(app, deps)
  reservationRoutes(app, deps)
  planSaleRoutes(app, deps)
  planPaymentRoutes(app, deps)
  saleLookupRoutes(app)
  saleAfterRoutes(app, deps)
  courtesyReasonRoutes(app)
  courtesyQuotaRoutes(app)
  operatorEventRoutes(app)
  operatorAccountRoutes(app)
  reportRoutes(app)
  refundRoutes(app, deps)
}
