import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db, DbHandle } from '../db/dialect.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbKind: DbHandle['kind']
  }
}

/** Exposes the database to services through the app; the caller owns opening and migrating it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { handle: DbHandle; closeOnShutdown: boolean }) => {
    app.decorate('db', opts.handle.db)
    app.decorate('dbKind', opts.handle.kind)
    if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.handle.close())
  },
)
