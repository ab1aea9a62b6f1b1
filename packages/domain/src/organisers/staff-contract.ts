import { z } from 'zod'
import { emailSchema } from '../validation/validation.js'
import { organiserRoleSchema } from './staff-access.js'

/** An organiser's staff member as an owner manages them (issue 43 part 1). */
export const staffMemberSchema = /* @__PURE__ */ z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: organiserRoleSchema,
  addedAt: z.iso.datetime(),
})
export type StaffMember = z.infer<typeof staffMemberSchema>

export const staffListSchema = /* @__PURE__ */ z.object({ staff: z.array(staffMemberSchema) })

/**
 * Adds the person with this account's e-mail to the organiser's staff, or gives them this role if they are
 * already on it. The account must exist and be confirmed: the person chose their own password.
 */
export const putStaffBodySchema = /* @__PURE__ */ z.object({ email: emailSchema, role: organiserRoleSchema })
export type PutStaffBody = z.infer<typeof putStaffBodySchema>
