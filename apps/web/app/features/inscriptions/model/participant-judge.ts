import { answersValidator } from '@palco/domain/forms/form-answers'
import type { FormDefinition } from '@palco/domain/forms/form-definition'
import type { Country } from '@palco/domain/locale/country'
import { type ParticipantErrors, type Problems, problemsByParticipant, type RawAnswers } from './participants'

/*
 * The form's validator, with zod (27 KB gzipped): a module of its own, fetched once the page has drawn
 * (`participantsStore`'s loader), so the page's own JavaScript stays within its budget (DESIGN §8).
 */

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
