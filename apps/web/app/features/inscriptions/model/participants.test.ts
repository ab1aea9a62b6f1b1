import { describe, expect, it } from 'vitest'
import { judgeParticipants } from './participant-judge'
import { errorsOfFields, firstProblem, startingAnswers } from './participants'
import { context, definition } from './test-form'

describe('the participants of an inscription form', () => {
  it('start from the form defaults under what was saved', () => {
    expect(startingAnswers(definition, undefined)).toEqual({ full_name: '', team: false, team_name: '' })
    expect(startingAnswers(definition, { full_name: 'Ana' })).toMatchObject({ full_name: 'Ana', team: false })
  })

  it('are judged by the same validator as the API: a hidden field asks nothing', () => {
    const errors = judgeParticipants(
      definition,
      [
        { full_name: 'Ana', team: false, team_name: '' },
        { full_name: '', team: true, team_name: '' },
      ],
      context,
    )
    expect(errors).toEqual({ 1: { full_name: 'required', team_name: 'required' } })
    expect(firstProblem(definition, errors)).toMatchObject({ seq: 1, field: { name: 'full_name' } })
  })

  it('read the API problems by participant', () => {
    expect(
      errorsOfFields({
        'participants.0.birth_date': 'ageOutOfRange',
        'participants.2.full_name': 'required',
        ageRules: 'x',
      }),
    ).toEqual({ 0: { birth_date: 'ageOutOfRange' }, 2: { full_name: 'required' } })
    expect(firstProblem(definition, {})).toBeNull()
  })
})
