import { dynamicFormDefaults } from '@palco/domain/forms/dynamic-form'
import type { FieldDefinition, FormDefinition } from '@palco/domain/forms/form-definition'
import type { InscriptionFormView } from '@palco/domain/inscriptions/contract'

/**
 * The form of a reservation's participants as the API hands it out: checked by `formDefinitionSchema` when
 * it was saved, so taken as it is (the page does not load zod to check it again).
 */
export const formOfView = (view: InscriptionFormView): FormDefinition | null =>
  view.definition as unknown as FormDefinition | null

/** One participant's answers as the page holds them: what the inputs show, judged on submit. */
export type RawAnswers = Record<string, unknown>

/** Problems by participant and field name, as message keys (the same keys the API answers with). */
export type ParticipantErrors = Record<number, Record<string, string>>

/** The form's starting answers for a participant, under what the fan saved before (a reload loses nothing). */
export const startingAnswers = (definition: FormDefinition, saved: RawAnswers | undefined): RawAnswers => ({
  ...dynamicFormDefaults(definition.fields),
  ...(saved ?? {}),
})

/** One participant's problems by field name. */
export type Problems = Readonly<Record<string, string>>

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
