import { useCallback, useReducer } from 'react'
import { type AuthEvent, authFlowReducer, type EntryStep, startAuthFlow } from '../model/auth-flow'

/**
 * The step model in React state; `restart` begins again (a dialog opened a second time). `opening` is a first
 * move already made (the login page opened at its registration form: "back" still leads to the login methods).
 */
export function useAuthFlow(entry: EntryStep = 'login', opening?: AuthEvent) {
  const [state, dispatch] = useReducer(
    (s: ReturnType<typeof startAuthFlow>, a: AuthEvent | { type: 'restart'; entry: EntryStep }) =>
      a.type === 'restart' ? startAuthFlow(a.entry) : authFlowReducer(s, a),
    entry,
    (e: EntryStep) => (opening ? authFlowReducer(startAuthFlow(e), opening) : startAuthFlow(e)),
  )
  const send = useCallback((event: AuthEvent) => dispatch(event), [])
  const restart = useCallback((at: EntryStep = entry) => dispatch({ type: 'restart', entry: at }), [entry])
  return { state, send, restart }
}
