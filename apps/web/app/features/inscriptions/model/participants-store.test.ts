import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { participantJudge } from './participant-judge'
import { startingAnswers } from './participants'
import { participantsStore } from './participants-store'
import { context, definition } from './test-form'

const judge = participantJudge(definition, context)
const twoParticipants = (loadJudge = () => Promise.resolve(judge)) =>
  participantsStore(
    definition,
    [startingAnswers(definition, undefined), startingAnswers(definition, { full_name: 'Luis' })],
    loadJudge,
  )

describe('the participants being typed', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps each answer, and a new list for the draft on every change', () => {
    const store = twoParticipants()
    const before = store.answers()
    store.answer(0, 'full_name', 'Ana')
    expect(store.valueOf(0, 'full_name')).toBe('Ana')
    expect(store.answers()).not.toBe(before)
    expect(store.answers()[1]).toBe(before[1])
  })

  it('tells a field of its own changes only, and a form when a condition shows a field', () => {
    const store = twoParticipants()
    const name = vi.fn()
    const other = vi.fn()
    const shown = vi.fn()
    store.subscribe({ seq: 0, field: 'full_name' }, name)
    store.subscribe({ seq: 1, field: 'full_name' }, other)
    store.subscribe({ shownOf: 0 }, shown)
    store.answer(0, 'full_name', 'A')
    expect(name).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
    expect(shown).not.toHaveBeenCalled()
    expect(store.shownOf(0)).toBe('full_name\nteam')
    store.answer(0, 'team', true)
    expect(shown).not.toHaveBeenCalled() // the tick's frame shows the tick alone
    vi.runAllTimers()
    expect(shown).toHaveBeenCalledTimes(1)
    expect(store.shownOf(0)).toBe('full_name\nteam\nteam_name')
  })

  it('shows a problem once the field is left after typing, judged after the keystroke', async () => {
    const store = twoParticipants()
    store.preload()
    await vi.runAllTimersAsync()
    const told = vi.fn()
    store.subscribe({ seq: 0, field: 'full_name' }, told)
    store.leave('participant-0-full_name') // never typed in: nothing to say yet
    expect(store.problemOf(0, 'full_name')).toBeUndefined()
    store.answer(0, 'full_name', 'Ana')
    store.answer(0, 'full_name', '')
    store.leave('participant-0-full_name')
    const toldBeforeTheFrame = told.mock.calls.length
    vi.runAllTimers()
    expect(told.mock.calls.length).toBeGreaterThan(toldBeforeTheFrame) // the problem follows the tap's frame
    expect(store.problemOf(0, 'full_name')).toBe('required')
    store.answer(0, 'full_name', 'Ana')
    expect(store.problemOf(0, 'full_name')).toBe('required') // until the participant is judged again
    vi.runAllTimers()
    expect(store.problemOf(0, 'full_name')).toBeUndefined()
    expect(told.mock.calls.length).toBeGreaterThanOrEqual(4)
  })

  it('judges on "continue", counts the problems and drops the API\'s earlier ones', async () => {
    const store = twoParticipants()
    store.answer(1, 'team', true)
    expect(store.problemCount()).toBe(0) // not told before "continue"
    store.apiProblems({ 1: { full_name: 'ageTooLow' } })
    expect(store.problemOf(1, 'full_name')).toBe('ageTooLow')
    store.tried()
    expect(store.problemCount()).toBe(0) // the validator is not there yet
    expect(await store.problems()).toEqual({ 0: { full_name: 'required' }, 1: { team_name: 'required' } })
    expect(store.problemCount()).toBe(2)
    expect(store.problemOf(1, 'full_name')).toBeUndefined()
  })

  it('lets an API problem go when its field changes', () => {
    const store = twoParticipants()
    const count = vi.fn()
    store.subscribe('problemCount', count)
    store.apiProblems({ 1: { full_name: 'ageTooLow' } })
    store.answer(1, 'full_name', 'Luisa')
    expect(store.problemOf(1, 'full_name')).toBeUndefined()
    expect(count).toHaveBeenCalledTimes(2)
  })

  it('waits for the validator, and asks for it again when it could not be fetched', async () => {
    const load = vi
      .fn<() => Promise<typeof judge>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(judge)
    const store = twoParticipants(load)
    store.answer(0, 'full_name', '') // asks for it
    await expect(store.problems()).rejects.toThrow(TypeError) // "continue" says so
    await expect(store.problems()).resolves.toEqual({ 0: { full_name: 'required' } })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tells the draft of answers, not of leaving a field', () => {
    const store = twoParticipants()
    const draft = vi.fn()
    store.onAnswers(draft)
    store.answer(0, 'full_name', 'A')
    store.leave('participant-0-full_name')
    store.tried()
    expect(draft).toHaveBeenCalledTimes(1)
  })
})
