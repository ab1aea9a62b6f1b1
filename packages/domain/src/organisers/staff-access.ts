import { z } from 'zod'
import type { Role } from '../people/vocabulary.js'

/**
 * Organisers and their staff (issue 43 part 1; DESIGN §9): an event belongs to an organiser (a club, a
 * promoter, a race organiser), and the organiser's staff see and change only their organiser's events,
 * orders and people. The platform's admins see everything.
 *
 * What each staff role may do is this table and nothing else: a route names the action it performs, and the
 * server asks `scopeOf` which organisers the person may perform it for.
 */
export const ORGANISER_ROLES = ['owner', 'manager', 'box_office', 'check_in', 'read_only'] as const
export type OrganiserRole = (typeof ORGANISER_ROLES)[number]
export const organiserRoleSchema = /* @__PURE__ */ z.enum(ORGANISER_ROLES)

export const STAFF_ACTIONS = [
  /** See events, their set-up, sales progress and audit trails. */
  'events.read',
  /** Create, change, publish, disable and cancel events; waiting rooms, plans and forms. */
  'events.write',
  /** See attendees and entries, and export them. */
  'people.read',
  /** Find orders and read them: payments, tickets, history. */
  'orders.read',
  /** Refund orders and resend their tickets. */
  'orders.manage',
  /** Sell at the counter (the assistant). */
  'box_office.sell',
  /** Scan tickets at the gate. */
  'check_in',
  /** Add and remove the organiser's staff. */
  'staff.manage',
] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

const ROLE_ACTIONS: Readonly<Record<OrganiserRole, readonly StaffAction[]>> = {
  owner: STAFF_ACTIONS,
  manager: [
    'events.read',
    'events.write',
    'people.read',
    'orders.read',
    'orders.manage',
    'box_office.sell',
    'check_in',
  ],
  box_office: ['events.read', 'orders.read', 'box_office.sell', 'check_in'],
  check_in: ['check_in'],
  read_only: ['events.read', 'people.read', 'orders.read'],
}

export const roleMay = (role: OrganiserRole, action: StaffAction): boolean =>
  ROLE_ACTIONS[role].includes(action)

export interface Membership {
  organiserId: string
  role: OrganiserRole
}

/** Who is asking, as far as the back office is concerned: their platform roles and organiser memberships. */
export interface StaffAccess {
  roles: readonly Role[]
  memberships: readonly Membership[]
}

/** The organisers an action may touch: every one, or these (possibly none). */
export type Scope = { all: true } | { all: false; organiserIds: readonly string[] }

/**
 * Which organisers this person may perform the action for.
 * - A platform admin: every organiser, and the platform's own events (no organiser).
 * - Organiser staff: the organisers whose role allows it.
 * - A platform operator with no membership sells and scans every event, as before organisers existed (the
 *   platform's own box office; which events, `operator_events` narrows). Once an operator belongs to an
 *   organiser, that organiser is their scope.
 */
export function scopeOf(access: StaffAccess, action: StaffAction): Scope {
  if (access.roles.includes('admin')) return { all: true }
  if (
    access.memberships.length === 0 &&
    access.roles.includes('operator') &&
    (action === 'box_office.sell' || action === 'check_in')
  ) {
    return { all: true }
  }
  const organiserIds = access.memberships.filter((m) => roleMay(m.role, action)).map((m) => m.organiserId)
  return { all: false, organiserIds: [...new Set(organiserIds)] }
}

/** Whether the action is allowed for anything at all (the route's door). */
export const mayAnywhere = (scope: Scope): boolean => scope.all || scope.organiserIds.length > 0

/**
 * Whether the action may touch what this organiser owns; `null` is the platform's own (an event made before
 * organisers, or by an admin for no organiser), which only a whole-platform scope reaches.
 */
export const mayTouch = (scope: Scope, organiserId: string | null): boolean =>
  scope.all || (organiserId !== null && scope.organiserIds.includes(organiserId))

/** The platform roles an organiser's staff may hold through their memberships alone (DESIGN §9). */
export type StaffPlatformRole = 'fan' | 'operator' | 'organiser'

const COUNTER_ROLES: readonly OrganiserRole[] = ['box_office', 'check_in']

/**
 * The platform role a person's memberships give them: the staff's door and the pages it opens follow it. Only
 * counter roles (selling, scanning) make an operator, who works in the assistant and at the gate; any other
 * role opens the back office; none leaves a fan. One role per account, so someone who is an owner at one
 * organiser and box office at another works in the back office (its API still lets them sell there).
 */
export function platformRoleOfMemberships(roles: readonly OrganiserRole[]): StaffPlatformRole {
  if (roles.length === 0) return 'fan'
  return roles.every((r) => COUNTER_ROLES.includes(r)) ? 'operator' : 'organiser'
}

/**
 * Whether a change of staff takes away the organiser's last owner: refused (LAST_OWNER), so someone can always
 * manage its staff. An organiser that has no owner yet (made by a platform admin) may get any first member.
 */
export const losesLastOwner = (before: readonly OrganiserRole[], after: readonly OrganiserRole[]): boolean =>
  before.includes('owner') && !after.includes('owner')
