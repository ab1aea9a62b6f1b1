import type { OrganiserRole } from '@palco/domain/organisers/staff-access'
import type { StaffMember } from '@palco/domain/organisers/staff-contract'
import { apiRequest } from '../../../lib/api-client'

/** An organiser's staff, as its owners manage them (issue 43 part 1). */

export interface ManagedOrganiser {
  id: string
  name: string
  /** The asker's role there; null for a platform admin who is not its staff. */
  role: OrganiserRole | null
}

export const staffPath = (organiserId: string) =>
  `/api/backoffice/organisers/${encodeURIComponent(organiserId)}/staff`

export const putStaffMember = (organiserId: string, email: string, role: OrganiserRole) =>
  apiRequest<StaffMember>(staffPath(organiserId), { method: 'PUT', body: { email, role } })

export const removeStaffMember = (organiserId: string, userId: string) =>
  apiRequest<null>(`${staffPath(organiserId)}/${encodeURIComponent(userId)}`, { method: 'DELETE' })
