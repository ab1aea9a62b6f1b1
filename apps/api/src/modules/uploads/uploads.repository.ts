import { assertUploadMove, type UploadStatus } from '@palco/domain/uploads/lifecycle'
import type { Insertable, Selectable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { UploadsTable } from '../../db/schema.js'

export type UploadRow = Selectable<UploadsTable>

/** A new upload starts PENDING, the first status of packages/domain/src/uploads/lifecycle.ts. */
export async function insertUpload(db: Db, row: Omit<Insertable<UploadsTable>, 'status'>) {
  await db
    .insertInto('uploads')
    .values({ ...row, status: 'PENDING' })
    .execute()
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findUploads(db: Db, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()
}

/**
 * Spends a local upload URL: one statement that matches the token's hash, the status and the expiry and
 * clears the hash, so two PUTs racing on one URL cannot both get through.
 */
export async function consumePutToken(db: Db, id: string, tokenHash: string, now: Date) {
  return db
    .updateTable('uploads')
    .set({ put_token_hash: null, used_at: now })
    .where('id', '=', id)
    .where('put_token_hash', '=', tokenHash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

/** PENDING → COMPLETE (lifecycle.ts); undefined when another request settled it first. */
export async function markComplete(
  db: Db,
  id: string,
  done: { size: number; storedKey: string; now: Date },
): Promise<UploadRow | undefined> {
  const [from, to]: [UploadStatus, UploadStatus] = ['PENDING', 'COMPLETE']
  assertUploadMove(from, to)
  return db
    .updateTable('uploads')
    .set({ status: to, size: done.size, stored_key: done.storedKey, completed_at: done.now })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
}

/** PENDING → REJECTED with the code the fan is shown; nothing when another request settled it first. */
export async function markRejected(db: Db, id: string, code: string, now: Date) {
  const [from, to]: [UploadStatus, UploadStatus] = ['PENDING', 'REJECTED']
  assertUploadMove(from, to)
  await db
    .updateTable('uploads')
    .set({ status: to, reject_code: code, completed_at: now, put_token_hash: null })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute()
}

/**
 * COMPLETE → ATTACHED for the fan's own uploads of this event, in the caller's transaction; answers the
 * rows it moved (fewer than asked when some were not attachable).
 */
export async function attachCompleteUploads(
  db: Db,
  q: { userId: string; eventId: string; ids: string[]; orderId: string | null; now: Date },
): Promise<UploadRow[]> {
  if (q.ids.length === 0) return []
  const [from, to]: [UploadStatus, UploadStatus] = ['COMPLETE', 'ATTACHED']
  assertUploadMove(from, to)
  return db
    .updateTable('uploads')
    .set({ status: to, attached_at: q.now, order_id: q.orderId })
    .where('id', 'in', q.ids)
    .where('user_id', '=', q.userId)
    .where('event_id', '=', q.eventId)
    .where('status', '=', from)
    .returningAll()
    .execute()
}

export async function uploadsByIds(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return []
  return db.selectFrom('uploads').selectAll().where('id', 'in', ids).execute()
}

export async function uploadsByOrder(db: Db, orderId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('attached_at')
    .orderBy('id')
    .execute()
}

/**
 * Deletes up to `limit` unattached uploads asked for before `before` and answers their storage keys. The
 * status is re-checked in the DELETE itself, so an upload attached meanwhile is kept.
 */
export async function deleteUnattached(db: Db, before: Date, limit: number) {
  const stale = db
    .selectFrom('uploads')
    .select('id')
    .where('status', '<>', 'ATTACHED')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
  return db
    .deleteFrom('uploads')
    .where('id', 'in', stale)
    .where('status', '<>', 'ATTACHED')
    .returning(['id', 'staging_key', 'stored_key'])
    .execute()
}

/** Settled uploads whose URL has expired but whose staging object has not been swept yet. */
export async function expiredStaging(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'staging_key'])
    .where('staging_key', 'is not', null)
    .where('status', '<>', 'PENDING')
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute()
}

export async function clearStaging(db: Db, ids: string[]) {
  if (ids.length === 0) return
  await db.updateTable('uploads').set({ staging_key: null }).where('id', 'in', ids).execute()
}
