import type { Db } from '../../db/dialect.js'

export interface Actor {
  userId: string
  email: string
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
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.userId,
      actor_email: actor.email,
      action,
      entity,
      entity_id: entityId,
      changes: JSON.stringify(changes),
    })
    .execute()
}

export async function auditTrail(db: Db, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}
