import type { Role } from './vocabulary.js'

/**
 * The staff's door (spec §6, `/authorization/operators`) is every staff role's: operators, layout editors
 * and admins log in there, fans do not. Each lands on the home of the work their role does; admins hold
 * every role (auth.service rolesOf), so theirs is decided first.
 */
export const STAFF_ROLES = [
  'admin',
  'organiser',
  'operator',
  'layout_editor',
] as const satisfies readonly Role[]

export const isStaff = (roles: readonly string[]): boolean => STAFF_ROLES.some((r) => roles.includes(r))

const STAFF_HOMES: Record<(typeof STAFF_ROLES)[number], string> = {
  // The back office's own list of events: the catalogue an admin runs.
  admin: '/backoffice/events',
  // Organiser staff run their own events from the same list, scoped to their organiser (issue 43).
  organiser: '/backoffice/events',
  operator: '/assistant',
  layout_editor: '/backoffice/layout_editor',
}

/** The page a staff member lands on after logging in, or null for an account that is not staff. */
export function staffHomeOf(roles: readonly string[]): string | null {
  const role = STAFF_ROLES.find((r) => roles.includes(r))
  return role ? STAFF_HOMES[role] : null
}
