import type { FormDefinition } from '@palco/domain/forms/form-definition'
import { visibleFields } from '@palco/domain/forms/form-visibility'
import { useCallback, useSyncExternalStore } from 'react'
import {
  inputIdOf,
  type ParticipantErrors,
  type Problems,
  problemsByParticipant,
  type RawAnswers,
} from './participants'

/** What a part of the page reads from the store, and is told of when it changes. */
export type StoreTopic =
  | { field: string; seq: number } // a field's answer and problem
  | { shownOf: number } // the names of a participant's shown fields
  | 'problemCount'

/**
 * The participants' answers while a person types them, held outside React (issue 17: a form of 40 fields
 * validates on every keystroke without a dropped frame on a mid-range phone). Each field reads its own answer
 * and problem, each participant's form the names of its shown fields, the page the count of problems, and
 * each is told only of its own changes: a keystroke redraws the one field typed in, not the page around 40
 * inputs. The form hears of fields a condition shows or hides a frame after the answer that did it.
 *
 * A participant is judged by the form's validator after every change to their answers, in a task of its own
 * right after the keystroke's (the keystroke's frame shows the character; the problem follows a frame
 * later), and at once whenever the problems are asked for. The validator (with zod) is fetched once the page
 * has drawn (`preload`), or at the first answer: until it is there, nothing is judged, and "continue" waits
 * for it. A field's problem shows once the person has left
 * it after typing in it, or once they tried to continue, and follows every keystroke from then on; the
 * API's problems show until their field changes.
 */
export interface ParticipantsStore {
  subscribe(topic: StoreTopic, listener: () => void): () => void
  /** Every participant's answers, in seat order; a new list (and a new object for the one changed) on a change. */
  answers(): readonly RawAnswers[]
  /** Told of every change to the answers (the draft's save). */
  onAnswers(listener: () => void): () => void
  valueOf(seq: number, name: string): unknown
  /** The problem to show under a field (a message key), if any. */
  problemOf(seq: number, name: string): string | undefined
  /** The names of a participant's shown fields, joined by a line break: equal while the same are shown. */
  shownOf(seq: number): string
  /** Problems the person is told of above the form once they tried to continue (0 before). */
  problemCount(): number
  /** The form's own problems, by participant, for "continue" (once the validator is there). */
  problems(): Promise<ParticipantErrors>
  /** Fetches the validator, if it is not there yet. */
  preload(): void
  answer(seq: number, name: string, value: unknown): void
  /** The person left an input: its problem shows from now on, if they typed in it. */
  leave(inputId: string): void
  /** "Continue" was pressed: every problem shows, and the API's earlier ones go. */
  tried(): void
  apiProblems(errors: ParticipantErrors): void
}

/** The keystroke's frame carries the character alone; what follows from it comes in the next. */
const afterNextFrame = (run: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0))
  else setTimeout(run, 0)
}

const keyOf = (topic: StoreTopic) =>
  typeof topic === 'string'
    ? topic
    : 'field' in topic
      ? inputIdOf(topic.seq, topic.field)
      : `shown-${topic.shownOf}`

export type Judge = (answers: RawAnswers) => Problems

export function participantsStore(
  definition: FormDefinition,
  initial: readonly RawAnswers[],
  loadJudge: () => Promise<Judge>,
): ParticipantsStore {
  let answers = initial
  let judge: Judge | null = null
  let loading: Promise<Judge> | undefined
  let judged: Problems[] = initial.map(() => ({}))
  /** Participants whose answers changed since they were last judged (all of them before the first time). */
  const stale = new Set(initial.keys())
  let judging = false
  let fromApi: ParticipantErrors = {}
  let tried = false
  const typedIn = new Set<string>()
  const left = new Set<string>()
  const listeners = new Map<string, Set<() => void>>()
  const answerListeners = new Set<() => void>()
  // Read by every participant's form on every change: computed once per answers object.
  const shown = new WeakMap<RawAnswers, string>()
  // Only an answer some condition reads can show or hide fields; a keystroke anywhere else keeps the shown
  // fields as they were, without walking the form's conditions again.
  const conditionTargets = new Set(
    definition.fields.flatMap((f) => (f.visibleWhen ? [f.visibleWhen.field] : [])),
  )

  const tell = (key: string) => {
    for (const listener of listeners.get(key) ?? []) listener()
  }
  const tellAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener()
  }
  /** Judges the participants waiting for it; tells the fields whose problem changed, and the count. */
  const judgeStale = () => {
    judging = false
    if (!judge || stale.size === 0) return
    const changed: string[] = []
    judged = judged.map((before, seq) => {
      if (!stale.has(seq)) return before
      const after = (judge as Judge)(answers[seq] ?? {})
      for (const name of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (before[name] !== after[name]) changed.push(inputIdOf(seq, name))
      return after
    })
    stale.clear()
    for (const key of changed) tell(key)
    if (changed.length) tell('problemCount')
  }
  const validator = () => {
    loading ??= loadJudge().then(
      (loaded) => {
        judge = loaded
        judgeStale()
        return loaded
      },
      (error: unknown) => {
        loading = undefined // asked for again at the next answer or "continue"
        throw error
      },
    )
    return loading
  }
  const preload = () => {
    validator().catch(() => {
      // Fetched again when needed; "continue" says so if it still cannot be.
    })
  }
  const shownOf = (seq: number) => {
    const mine = answers[seq]
    if (!mine) return ''
    let names = shown.get(mine)
    if (names === undefined) {
      names = visibleFields(definition, mine).join('\n')
      shown.set(mine, names)
    }
    return names
  }

  return {
    subscribe(topic, listener) {
      const key = keyOf(topic)
      const set = listeners.get(key) ?? new Set()
      listeners.set(key, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    answers: () => answers,
    onAnswers(listener) {
      answerListeners.add(listener)
      return () => answerListeners.delete(listener)
    },
    valueOf: (seq, name) => answers[seq]?.[name],
    problemOf(seq, name) {
      const api = fromApi[seq]?.[name]
      if (api) return api
      return tried || left.has(inputIdOf(seq, name)) ? judged[seq]?.[name] : undefined
    },
    shownOf,
    problemCount() {
      if (!tried) return 0
      return judged.reduce(
        (n, mine, seq) => n + new Set([...Object.keys(mine), ...Object.keys(fromApi[seq] ?? {})]).size,
        0,
      )
    },
    async problems() {
      await validator()
      judgeStale()
      return problemsByParticipant(judged)
    },
    preload,
    answer(seq, name, value) {
      const mine = answers[seq]
      if (!mine) return
      const inputId = inputIdOf(seq, name)
      typedIn.add(inputId)
      const shownBefore = shownOf(seq)
      const changed = { ...mine, [name]: value }
      if (!conditionTargets.has(name)) shown.set(changed, shownBefore)
      answers = answers.map((a, i) => (i === seq ? changed : a))
      const api = fromApi[seq]
      if (api?.[name]) {
        const { [name]: _fixed, ...rest } = api
        fromApi = { ...fromApi, [seq]: rest }
        tell('problemCount')
      }
      stale.add(seq)
      if (!judge) preload()
      else if (!judging) {
        judging = true
        afterNextFrame(judgeStale)
      }
      tell(inputId)
      // The fields a condition shows or hides follow in the next frame: the tap's own frame shows the tick.
      if (shownOf(seq) !== shownBefore) afterNextFrame(() => tell(`shown-${seq}`))
      for (const listener of answerListeners) listener()
    },
    leave(inputId) {
      if (!typedIn.has(inputId) || left.has(inputId)) return
      left.add(inputId)
      // The tap that moved the focus draws its frame first; the problem under the field left follows.
      afterNextFrame(() => tell(inputId))
    },
    tried() {
      tried = true
      fromApi = {}
      judgeStale()
      tellAll()
    },
    apiProblems(errors) {
      fromApi = errors
      tellAll()
    },
  }
}

/**
 * A value read from the store, drawn again when its topic is told of a change. The server draws the same (the
 * store starts from what the fan saved), hence one reader for both.
 */
export function useStoreValue<T>(store: ParticipantsStore, topic: StoreTopic, read: () => T): T {
  const key = keyOf(topic)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the topic is known by its key
  const subscribe = useCallback((listener: () => void) => store.subscribe(topic, listener), [store, key])
  return useSyncExternalStore(subscribe, read, read)
}
