import type { CalendarDate } from '../forms/zoned-time.js'
import { parseCalendarDate } from '../forms/zoned-time.js'

/**
 * What the inscription pieces read from a participant's answers (issue 17, docs/decisions.md "Inscriptions"):
 * the name printed on the ticket, and the birth date a category's age rule is checked against. Both come
 * from fields of fixed names, so an organiser's form needs them to sell categories with an age rule.
 */
export const BIRTH_DATE_FIELD = 'birth_date'
export const FULL_NAME_FIELD = 'full_name'
export const FIRST_NAME_FIELD = 'first_name'
export const LAST_NAME_FIELD = 'last_name'

/** A category's bounds, in whole years on the event's date; null: no bound on that side. */
export interface AgeRule {
  minAge: number | null
  maxAge: number | null
}

/** The age in whole years on `on` of someone born on `birth` (a birthday on `on` counts). */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  const before = on.month < birth.month || (on.month === birth.month && on.day < birth.day)
  return on.year - birth.year - (before ? 1 : 0)
}

/** Whether an age fits the rule; a rule with no bounds fits everyone. */
export const fitsAgeRule = (age: number, rule: AgeRule) =>
  (rule.minAge === null || age >= rule.minAge) && (rule.maxAge === null || age <= rule.maxAge)

/** The participant's birth date from their answers, when the form asks it and it parses. */
export function birthDateOf(answers: Readonly<Record<string, unknown>>): CalendarDate | undefined {
  const value = answers[BIRTH_DATE_FIELD]
  return typeof value === 'string' ? parseCalendarDate(value) : undefined
}

/** The participant's name as the ticket prints it: the full name, or first and last names; '' when neither. */
export function participantNameOf(answers: Readonly<Record<string, unknown>>): string {
  const text = (name: string) => {
    const value = answers[name]
    return typeof value === 'string' ? value.trim() : ''
  }
  return text(FULL_NAME_FIELD) || [text(FIRST_NAME_FIELD), text(LAST_NAME_FIELD)].filter(Boolean).join(' ')
}
