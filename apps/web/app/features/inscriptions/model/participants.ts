import { dynamicFormDefaults } from '@palco/domain/forms/dynamic-form'
import { answersValidator } from '@palco/domain/forms/form-answers'
import type { FieldDefinition, FormDefinition } from '@palco/domain/forms/form-definition'
import type { Country } from '@palco/domain/locale/country'

/** One participant's answers as the page holds them: what the inputs show, judged on submit. */
export type RawAnswers = Record<string, unknown>

/** Problems by participant and field name, as message keys (the same keys the API answers with). */
export type ParticipantErrors = Record<number, Record<string, string>>

/** The form's starting answers for a participant, under what the fan saved before (a reload loses nothing). */
export const startingAnswers = (definition: FormDefinition, saved: RawAnswers | undefined): RawAnswers => ({
  ...dynamicFormDefaults(definition.fields),
  ...(saved ?? {}),
})

/**
 * Every participant judged by the form's own validator (the one the API runs, issue 17 part 1). The age rule
 * is the API's alone: it needs the category and the event's date, and says so on submit.
 */
export function judgeParticipants(
  definition: FormDefinition,
  participants: readonly RawAnswers[],
  context: { country: Country; timeZone: string },
): ParticipantErrors {
  const validate = answersValidator(definition, context)
  const errors: ParticipantErrors = {}
  participants.forEach((answers, seq) => {
    const checked = validate.safeParse(answers)
    if (checked.success) return
    const mine: Record<string, string> = {}
    for (const issue of checked.error.issues) mine[String(issue.path[0] ?? '')] = issue.message
    errors[seq] = mine
  })
  return errors
}

/** The API's problems (`participants.<seq>.<field>`) sorted by participant. */
export function errorsOfFields(fields: Readonly<Record<string, string>>): ParticipantErrors {
  const errors: ParticipantErrors = {}
  for (const [key, message] of Object.entries(fields)) {
    const match = /^participants\.(\d+)\.(.+)$/.exec(key)
    if (!match) continue
    const seq = Number(match[1])
    errors[seq] = { ...(errors[seq] ?? {}), [match[2] as string]: message }
  }
  return errors
}

/** The first field with a problem, in the form's order, to move the focus to. */
export function firstProblem(
  definition: FormDefinition,
  errors: ParticipantErrors,
): { seq: number; field: FieldDefinition } | null {
  for (const seq of Object.keys(errors)
    .map(Number)
    .sort((a, b) => a - b)) {
    const field = definition.fields.find((f) => errors[seq]?.[f.name])
    if (field) return { seq, field }
  }
  return null
}

/** The id of a participant's input, for labels, error links and focus. */
export const inputIdOf = (seq: number, name: string) => `participant-${seq}-${name}`
