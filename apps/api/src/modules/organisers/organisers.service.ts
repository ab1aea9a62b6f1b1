import { DomainError } from '@palco/domain/errors/domain-error'
import {
  mayTouch,
  type OrganiserRole,
  organiserRoleSchema,
  type Scope,
  type StaffAccess,
} from '@palco/domain/organisers/staff-access'
import type { Role } from '@palco/domain/people/vocabulary'
import type { Db } from '../../db/dialect.js'
import {
  eventIdsOfOrganisers,
  membershipsOf,
  organiserOfEvent,
  organiserOfTour,
  organisersOfCountry,
} from './organisers.repository.js'

/**
 * Who may touch which organiser's events (issue 43 part 1; DESIGN §9). Routes name an action; this module says
 * which organisers the asker may perform it for, and refuses what lies outside. Something outside the scope
 * answers as if it did not exist (404), so one organiser's staff cannot learn the ids of another's events.
 */

const NO_SUCH_EVENT = 'No such event.'

/** The asker's platform roles and organiser memberships. Platform admins reach everything without a lookup. */
export async function staffAccessOf(
  db: Db,
  user: { userId: string; roles: readonly Role[] },
): Promise<StaffAccess> {
  if (user.roles.includes('admin')) return { roles: user.roles, memberships: [] }
  const rows = await membershipsOf(db, user.userId)
  return {
    roles: user.roles,
    memberships: rows.map((r) => ({ organiserId: r.organiser_id, role: organiserRoleSchema.parse(r.role) })),
  }
}

/** The event's organiser, when the scope reaches it; 404 when it does not, or there is no such event. */
export async function eventInScope(db: Db, scope: Scope, eventId: string): Promise<string | null> {
  const row = await organiserOfEvent(db, eventId)
  if (!row || !mayTouch(scope, row.organiser_id))
    throw new DomainError('NOT_FOUND', { message: NO_SUCH_EVENT })
  return row.organiser_id
}

/** Whether the scope reaches the event (false also when there is no such event). */
export async function reachesEvent(db: Db, scope: Scope, eventId: string): Promise<boolean> {
  const row = await organiserOfEvent(db, eventId)
  return row !== undefined && mayTouch(scope, row.organiser_id)
}

/** Every event an organiser-bound scope reaches (a box office's own events). */
export async function eventIdsInScope(db: Db, scope: Scope & { all: false }): Promise<string[]> {
  return eventIdsOfOrganisers(db, scope.organiserIds)
}

/** The tour's organiser, when the scope reaches it; 404 otherwise. */
export async function tourInScope(db: Db, scope: Scope, tourId: string): Promise<string | null> {
  const row = await organiserOfTour(db, tourId)
  if (!row || !mayTouch(scope, row.organiser_id))
    throw new DomainError('NOT_FOUND', { message: 'No such tour.' })
  return row.organiser_id
}

/**
 * The organiser a new event or tour belongs to: the one asked for, when the scope reaches it and it sells in
 * the event's country; otherwise the only one the scope has. A platform admin who names none makes the
 * platform's own (null). Staff of several organisers must say which (422 on `organiserId`).
 */
export async function organiserForNew(
  db: Db,
  scope: Scope,
  requested: string | undefined,
  country: string,
): Promise<string | null> {
  if (requested === undefined) {
    if (scope.all) return null
    if (scope.organiserIds.length === 1) return scope.organiserIds[0] as string
    throw new DomainError('RULE_BROKEN', {
      message: 'Check: organiserId',
      fields: { organiserId: 'Choose which organiser this belongs to.' },
    })
  }
  const found = await organisersOfCountry(db, country, [requested])
  if (found.length === 0 || !mayTouch(scope, requested)) {
    throw new DomainError('RULE_BROKEN', {
      message: 'Check: organiserId',
      fields: { organiserId: 'No such organiser in this country among yours.' },
    })
  }
  return requested
}

/** The organisers the asker works for in this country (every one for a platform admin), with their role. */
export async function myOrganisers(
  db: Db,
  user: { userId: string; roles: readonly Role[] },
  country: string,
) {
  const access = await staffAccessOf(db, user)
  const admin = access.roles.includes('admin')
  const ids = admin ? null : access.memberships.map((m) => m.organiserId)
  const rows = await organisersOfCountry(db, country, ids)
  const roleOf = new Map<string, OrganiserRole>(access.memberships.map((m) => [m.organiserId, m.role]))
  return rows.map((o) => ({ id: o.id, slug: o.slug, name: o.name, role: roleOf.get(o.id) ?? null }))
}
