import { DomainError } from '@palco/domain/errors/domain-error'
import {
  losesLastOwner,
  mayTouch,
  type OrganiserRole,
  organiserRoleSchema,
  platformRoleOfMemberships,
  roleMay,
  type Scope,
} from '@palco/domain/organisers/staff-access'
import type { PutStaffBody, StaffMember } from '@palco/domain/organisers/staff-contract'
import type { Db } from '../../db/dialect.js'
import { confirmedAccountByEmail, setAccountRole } from '../auth/auth.service.js'
import {
  hasOpenShift,
  lockOrganiser,
  membershipsOf,
  organisersOfCountry,
  removeStaff,
  staffOf,
  staffRolesAt,
  upsertStaff,
} from './organisers.repository.js'

/**
 * An organiser's owners add, re-role and remove its staff (issue 43 part 1). A person is added by the e-mail
 * of an account they signed up and confirmed themselves, as the box office's operators are, so nobody ever
 * handles another's password. Their platform role follows their memberships (`platformRoleOfMemberships`):
 * sessions read it per request, so a change takes effect on the person's next click.
 */

export interface Actor {
  userId: string
  email: string
  address?: string | null
}

/**
 * The back office's audit trail, written in the same transaction as the change. A port, wired by app.ts: the
 * trail belongs to catalog-admin, which depends on this module.
 */
export type AuditTrail = (
  trx: Db,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | null,
  changes: Record<string, unknown>,
) => Promise<void>

/** Where staff changes are made and recorded. */
export interface StaffDesk {
  db: Db
  audit: AuditTrail
}

/** Who asks: the person, the organisers whose staff they manage, and the site's country. */
export interface StaffManager {
  actor: Actor
  scope: Scope
  country: string
}

const rolesOf = (rows: readonly { role: string }[]): OrganiserRole[] =>
  rows.map((r) => organiserRoleSchema.parse(r.role))

/** The organiser, when it sells in this country and the scope manages its staff; 404 otherwise. */
async function managedOrganiser(db: Db, scope: Scope, country: string, organiserId: string) {
  const [found] = await organisersOfCountry(db, country, [organiserId])
  if (!found || !mayTouch(scope, organiserId))
    throw new DomainError('NOT_FOUND', { message: 'No such organiser.' })
  return found
}

const memberView = (row: Awaited<ReturnType<typeof staffOf>>[number]): StaffMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  role: organiserRoleSchema.parse(row.role),
  addedAt: new Date(row.added_at).toISOString(),
})

export async function staffList(db: Db, scope: Scope, country: string, organiserId: string) {
  await managedOrganiser(db, scope, country, organiserId)
  return (await staffOf(db, organiserId)).map(memberView)
}

/**
 * The platform's own staff (admins, layout editors, and operators of the platform's box office, who belong to
 * no organiser) are the platform's to manage: an organiser adding one would change what they do for everyone.
 */
async function refusePlatformStaff(db: Db, account: { userId: string; role: string | null }) {
  const platformOperator =
    account.role === 'operator' && (await membershipsOf(db, account.userId)).length === 0
  if (account.role === 'admin' || account.role === 'layout_editor' || platformOperator)
    throw new DomainError('InvalidAccountTypeException', {
      field: 'email',
      message: "This account is the platform's staff.",
    })
}

/**
 * The organiser's staff, locked: changes to one organiser's staff run one at a time. The asker's own right is
 * checked again under the lock, so an owner demoted a moment ago cannot still act on a check made before.
 */
async function lockedStaff(trx: Db, actor: Actor, scope: Scope, organiserId: string) {
  await lockOrganiser(trx, organiserId)
  const staff = await staffRolesAt(trx, organiserId)
  const mine = staff.find((s) => s.user_id === actor.userId)
  if (!scope.all && !(mine && roleMay(organiserRoleSchema.parse(mine.role), 'staff.manage')))
    throw new DomainError('FORBIDDEN')
  return staff
}

/**
 * The person's platform role again from what they are at every organiser, after a change of staff. Someone
 * with a shift open stays at the counter until they count and close its drawer (OPERATOR_SHIFT_OPEN, as when
 * an admin takes the box office away from a platform operator).
 */
async function followMemberships(trx: Db, userId: string) {
  const next = platformRoleOfMemberships(rolesOf(await membershipsOf(trx, userId)))
  if (next !== 'operator' && (await hasOpenShift(trx, userId))) throw new DomainError('OPERATOR_SHIFT_OPEN')
  await setAccountRole(trx, userId, next)
}

/**
 * Adds the account with this e-mail to the organiser's staff with the role, or changes the role it has there.
 * Refused for an unknown or unconfirmed account (AUTH0003 on `email`), the platform's staff, and a change that
 * leaves the organiser without an owner (LAST_OWNER, 409).
 */
export async function putStaff(
  { db, audit }: StaffDesk,
  { actor, scope, country }: StaffManager,
  organiserId: string,
  body: PutStaffBody,
): Promise<StaffMember> {
  await managedOrganiser(db, scope, country, organiserId)
  const account = await confirmedAccountByEmail(db, body.email)
  if (!account)
    throw new DomainError('AUTH0003', { field: 'email', message: 'No confirmed account uses this email.' })
  await refusePlatformStaff(db, account)
  await db.transaction().execute(async (trx) => {
    const staff = await lockedStaff(trx, actor, scope, organiserId)
    const previous = staff.find((s) => s.user_id === account.userId)?.role ?? null
    const after = [...rolesOf(staff.filter((s) => s.user_id !== account.userId)), body.role]
    if (losesLastOwner(rolesOf(staff), after)) throw new DomainError('LAST_OWNER')
    await upsertStaff(trx, organiserId, account.userId, body.role)
    await followMemberships(trx, account.userId)
    await audit(trx, actor, 'organiser.staff_set', 'organiser', organiserId, {
      userId: account.userId,
      email: account.email,
      role: body.role,
      previous,
    })
  })
  const member = (await staffOf(db, organiserId)).find((s) => s.user_id === account.userId)
  if (!member) throw new Error('the staff member just added is not listed')
  return memberView(member)
}

/** Takes the person off the organiser's staff; never its last owner (LAST_OWNER, 409). */
export async function removeStaffMember(
  { db, audit }: StaffDesk,
  { actor, scope, country }: StaffManager,
  organiserId: string,
  userId: string,
) {
  await managedOrganiser(db, scope, country, organiserId)
  await db.transaction().execute(async (trx) => {
    const staff = await lockedStaff(trx, actor, scope, organiserId)
    const member = staff.find((s) => s.user_id === userId)
    if (!member) throw new DomainError('NOT_FOUND', { message: 'No such staff member.' })
    if (losesLastOwner(rolesOf(staff), rolesOf(staff.filter((s) => s.user_id !== userId))))
      throw new DomainError('LAST_OWNER')
    await removeStaff(trx, organiserId, userId)
    await followMemberships(trx, userId)
    await audit(trx, actor, 'organiser.staff_remove', 'organiser', organiserId, { userId, role: member.role })
  })
}
