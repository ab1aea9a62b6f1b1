import { z } from 'zod'

// Spec §3, fan.
export const REGISTRATION_STATUSES = ['NOT_REGISTERED', 'PRE_REGISTERED', 'REGISTERED'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]
export const registrationStatusSchema = /* @__PURE__ */ z.enum(REGISTRATION_STATUSES)

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const
export type Gender = (typeof GENDERS)[number]
export const genderSchema = /* @__PURE__ */ z.enum(GENDERS)

export const DOCUMENT_TYPES = ['CC', 'CE', 'TI', 'PP', 'CEIE', 'CINPAM', 'CP', 'CV', 'NIT'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const documentTypeSchema = /* @__PURE__ */ z.enum(DOCUMENT_TYPES)

// Spec §3 and §9.
export const SESSION_KEY = 'user_session'

// DESIGN §9: checked on the server. Operators run the box office (spec §6); admins the back office. Spec §6
// leaves the layout editor's role open: venue managers draw plans (issue 18) without being admins, who can
// also sell, refund and change prices, so drawing is a role of its own that admins also hold. Organiser staff
// (issue 43) run their own organiser's events; which ones, and what they may do there, is their membership's
// role (organisers/staff-access.ts), not this one.
export const ROLES = ['fan', 'operator', 'admin', 'layout_editor', 'organiser'] as const
export type Role = (typeof ROLES)[number]
export const roleSchema = /* @__PURE__ */ z.enum(ROLES)
