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

/** One participant's problems by field name; the same empty object whenever there is none. */
export type Problems = Readonly<Record<string, string>>
const NO_PROBLEMS: Problems = Object.freeze({})

/**
 * A participant judged by the form's own validator (the one the API runs, issue 17 part 1), built once per
 * form: building it is the costly part, and a page judges the participant on every keystroke. The age rule
 * is the API's alone: it needs the category and the event's date, and says so on submit.
 */
export function participantJudge(
  definition: FormDefinition,
  context: { country: Country; timeZone: string },
): (answers: RawAnswers) => Problems {
  const validate = answersValidator(definition, context)
  return (answers) => {
    const checked = validate.safeParse(answers)
    if (checked.success) return NO_PROBLEMS
    const mine: Record<string, string> = {}
    for (const issue of checked.error.issues) mine[String(issue.path[0] ?? '')] = issue.message
    return mine
  }
}

/** Every participant judged; only those with a problem are named. */
export function judgeParticipants(
  definition: FormDefinition,
  participants: readonly RawAnswers[],
  context: { country: Country; timeZone: string },
): ParticipantErrors {
  return problemsByParticipant(participants.map(participantJudge(definition, context)))
}

/** Problems per participant (in seat order) as `ParticipantErrors`, leaving out those with none. */
export function problemsByParticipant(list: readonly Problems[]): ParticipantErrors {
  const errors: ParticipantErrors = {}
  list.forEach((problems, seq) => {
    if (Object.keys(problems).length > 0) errors[seq] = { ...problems }
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
