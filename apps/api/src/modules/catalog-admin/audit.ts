import type { Db } from '../../db/dialect.js'
import { auditEntriesOf, insertAuditEntry } from './admin.repository.js'

export interface Actor {
  userId: string
  email: string
  /** The address the request came from (box-office actions keep it, issue 15 part 6). */
  address?: string | null
}

/** Every back-office change leaves who, when and what, in the same transaction as the change itself. */
export async function audit(
  trx: Db,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | null,
  changes: Record<string, unknown>,
) {
  await insertAuditEntry(trx, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    address: actor.address ?? null,
    action,
    entity,
    entityId,
    changes,
  })
}

export const auditTrail = (db: Db, entityId: string) => auditEntriesOf(db, entityId)
