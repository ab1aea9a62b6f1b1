import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.js'
import { resolveAuthSecret } from '../../plugins/auth.js'
import type { FileStore } from './file-store.js'
import { localFileStore } from './local-store.js'
import { s3FileStore } from './s3-store.js'
import { uploadRoutes } from './uploads.routes.js'
import {
  anyFileField,
  type FileFieldRules,
  type UploadDeps,
  uploadSigningKey,
  uploadSweepJob,
} from './uploads.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadDeps
  }
}

/** S3 when a bucket is configured; otherwise the local disk, away from the public DATA_DIR/uploads. */
export function fileStoreOf(config: Config): FileStore {
  if (config.S3_BUCKET)
    return s3FileStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    })
  return localFileStore(path.join(config.DATA_DIR, 'private-uploads'))
}

/**
 * Private uploads as one registration for app.ts: the store, the routes, and the sweep of unattached files
 * as a job (worked where the app works jobs; tests run the sweep themselves with a moved clock).
 */
async function uploadsModule(app: FastifyInstance, opts: { config: Config; fileRules?: FileFieldRules }) {
  const deps: UploadDeps = {
    db: app.db,
    store: fileStoreOf(opts.config),
    // The same secret the sessions are signed with, resolved the same way (kept in the database in dev).
    signingKey: uploadSigningKey(await resolveAuthSecret(app.db, opts.config.AUTH_SECRET)),
    now: () => new Date(),
    fileRules: opts.fileRules ?? anyFileField,
    log: app.log,
  }
  app.decorate('uploads', deps)
  await app.register(uploadRoutes, { deps })
  app.jobs.define(uploadSweepJob(deps, opts.config.UPLOAD_SWEEP_INTERVAL_MS))
}

/** Not encapsulated, so `app.uploads` (the deps) is visible to tests and to the inscription forms. */
export const uploadsPlugin = fp(uploadsModule, { name: 'uploads' })
