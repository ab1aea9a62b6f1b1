import type { RegistrationStatus } from './vocabulary.js'

/**
 * A fan's registration status (spec §3), as the product moves it:
 * - PRE_REGISTERED: someone else named this contact (a counter sale for another person, a ticket transfer);
 *   the row holds tickets until whoever proves the contact signs up (issue 12).
 * - NOT_REGISTERED: an account's fan whose contact is not proven yet (sign-up before the e-mail is confirmed),
 *   and any fan once retired: a deleted account's fan, or a pre-registration whose tickets an account took
 *   over. A retired row stays for the orders that point at it, identifying no one.
 * - REGISTERED: the account proved a contact.
 * Retiring an unproven account's fan keeps it NOT_REGISTERED (the row is blanked, its status stays).
 */
const TRANSITIONS: Readonly<Record<RegistrationStatus, readonly RegistrationStatus[]>> = {
  PRE_REGISTERED: ['NOT_REGISTERED'],
  NOT_REGISTERED: ['REGISTERED', 'NOT_REGISTERED'],
  REGISTERED: ['NOT_REGISTERED'],
}

export const canRegistrationTransition = (from: RegistrationStatus, to: RegistrationStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** The repository's guard: the services only ask for the moves above, so another one is a bug. */
export function assertRegistrationMove(from: RegistrationStatus, to: RegistrationStatus): void {
  if (!canRegistrationTransition(from, to)) throw new Error(`Illegal registration move ${from} → ${to}`)
}

/** A fan row is born pre-registered (someone else named the contact) or as an unproven account's fan. */
export const REGISTRATION_INITIAL_STATUSES = [
  'PRE_REGISTERED',
  'NOT_REGISTERED',
] as const satisfies readonly RegistrationStatus[]
export type InitialRegistrationStatus = (typeof REGISTRATION_INITIAL_STATUSES)[number]

export function assertRegistrationStart(
  status: RegistrationStatus,
): asserts status is InitialRegistrationStatus {
  if (!(REGISTRATION_INITIAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`A fan cannot be created ${status}`)
}

/** The status every retired fan is left in. */
export const RETIRED_REGISTRATION_STATUS = 'NOT_REGISTERED' as const satisfies RegistrationStatus
