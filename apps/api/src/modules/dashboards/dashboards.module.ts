import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { dashboardRoutes } from './dashboards.routes.js'
import { salesRollupJob } from './dashboards.service.js'

/**
 * Organiser dashboards as one registration for app.ts (issue 43 part 6): their routes and the job that keeps
 * the sales rollups (docs/decisions.md, "dashboards").
 */
async function dashboardsModule(app: FastifyInstance) {
  await app.register(dashboardRoutes)
  app.jobs.define(salesRollupJob(app.db, app.log))
}

export const dashboardsPlugin = fp(dashboardsModule, { name: 'dashboards' })
