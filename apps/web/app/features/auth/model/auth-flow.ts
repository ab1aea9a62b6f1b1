import type { PhonePrefix } from '@palco/domain/locale/country'

/**
 * The login/registration dialog of spec §2 as a pure step model: which step shows, what the steps know
 * (the email or phone a code went to), and which moves between steps are allowed. The spec lists the
 * steps but not the moves; the table below is our reading of a real ticketing product's dialog. Components
 * send events; a move the table does not allow leaves the state as it is (a double click, a late answer).
 */
export const AUTH_STEPS = [
  'oldLogin',
  'emailOtpLogin',
  'login',
  'phoneLogin',
  'registration',
  'confirmation',
  'otpConfirmation',
  'success',
  'forgotPassword',
  'confirmForgotPassword',
  'successPassword',
  'changePhoneNumber',
  'changePhoneNumberSuccess',
] as const
export type AuthStep = (typeof AUTH_STEPS)[number]

/**
 * Allowed moves. `login` is the method choice (phone code, email code, password); `oldLogin` is the email
 * and password form; `confirmation` takes the code emailed after registration; `otpConfirmation` the code
 * of a login by email or phone. The phone change may move to itself: first the new number, then its code.
 */
export const AUTH_TRANSITIONS: Readonly<Record<AuthStep, readonly AuthStep[]>> = {
  login: ['oldLogin', 'emailOtpLogin', 'phoneLogin', 'registration'],
  oldLogin: ['login', 'success', 'confirmation', 'forgotPassword', 'registration'],
  emailOtpLogin: ['login', 'otpConfirmation', 'registration'],
  phoneLogin: ['login', 'otpConfirmation', 'registration'],
  registration: ['login', 'confirmation'],
  confirmation: ['registration', 'oldLogin', 'success'],
  otpConfirmation: ['emailOtpLogin', 'phoneLogin', 'success'],
  success: [],
  forgotPassword: ['oldLogin', 'confirmForgotPassword'],
  confirmForgotPassword: ['forgotPassword', 'successPassword'],
  successPassword: ['oldLogin'],
  changePhoneNumber: ['changePhoneNumber', 'changePhoneNumberSuccess'],
  changePhoneNumberSuccess: [],
}

export const canTransition = (from: AuthStep, to: AuthStep): boolean => AUTH_TRANSITIONS[from].includes(to)

/** Where a flow may begin: the header's dialog and the login page at `login`, the profile at the phone change. */
export const ENTRY_STEPS = ['login', 'oldLogin', 'registration', 'changePhoneNumber'] as const
export type EntryStep = (typeof ENTRY_STEPS)[number]

/** Steps that end a flow: nothing follows but closing the dialog or leaving the page. */
export const isFinalStep = (step: AuthStep): boolean => AUTH_TRANSITIONS[step].length === 0

export interface PhoneTarget {
  phonePrefix: PhonePrefix
  phone: string
}
export type CodeTarget = { email: string } | PhoneTarget

export interface AuthFlowState {
  step: AuthStep
  /** The steps behind this one, newest last, for "back". */
  history: AuthStep[]
  /** The email typed so far: where a code went, or what the next form starts with. */
  email?: string | undefined
  /** The phone a code went to (login by phone, new number of a phone change). */
  phone?: PhoneTarget | undefined
  /** Which code the OTP confirmation step is waiting for. */
  codeChannel?: 'email' | 'sms' | undefined
  /** What the success step celebrates. */
  outcome?: 'loggedIn' | 'registered' | undefined
  /** The phone change step's second half: the code sent to the new number. */
  phoneCodeSent?: boolean | undefined
  /** Why the flow arrived here, when the step should say so (a login with an unconfirmed account). */
  reason?: 'unconfirmed' | undefined
}

export type AuthEvent =
  | { type: 'choosePassword' }
  | { type: 'chooseEmailCode' }
  | { type: 'choosePhoneCode' }
  | { type: 'startRegistration'; email?: string | undefined; phone?: PhoneTarget | undefined }
  | { type: 'showLogin' }
  | { type: 'startForgotPassword'; email?: string | undefined }
  | { type: 'loggedIn' }
  | { type: 'unconfirmed'; email: string }
  | { type: 'registered'; email: string }
  | { type: 'accountConfirmed' }
  | { type: 'loginCodeSent'; target: CodeTarget }
  | { type: 'resetCodeSent'; email: string }
  | { type: 'passwordReset' }
  | { type: 'phoneCodeSent'; phone: PhoneTarget }
  | { type: 'editPhone' }
  | { type: 'phoneChanged' }
  | { type: 'back' }

export function startAuthFlow(step: EntryStep = 'login', prefill: { email?: string } = {}): AuthFlowState {
  return { step, history: [], ...(prefill.email ? { email: prefill.email } : {}) }
}

/** The step an event asks for from this state; null when the event means nothing here. */
function targetOf(state: AuthFlowState, event: AuthEvent): AuthStep | null {
  switch (event.type) {
    case 'choosePassword':
      return 'oldLogin'
    case 'chooseEmailCode':
      return 'emailOtpLogin'
    case 'choosePhoneCode':
      return 'phoneLogin'
    case 'startRegistration':
      return 'registration'
    case 'showLogin':
      return 'login'
    case 'startForgotPassword':
      return 'forgotPassword'
    case 'loggedIn':
    case 'accountConfirmed':
      return 'success'
    case 'unconfirmed':
    case 'registered':
      return 'confirmation'
    case 'loginCodeSent':
      return 'otpConfirmation'
    case 'resetCodeSent':
      return 'confirmForgotPassword'
    case 'passwordReset':
      return 'successPassword'
    case 'phoneCodeSent':
    case 'editPhone':
      return 'changePhoneNumber'
    case 'phoneChanged':
      return 'changePhoneNumberSuccess'
    case 'back':
      return state.history.at(-1) ?? null
  }
}

/**
 * Events that say how a step ended may only come from that step: the code of a login confirms no new
 * account, and a registration's code is no login, even though both lead to `success`.
 */
const EVENT_SOURCES: Partial<Record<AuthEvent['type'], readonly AuthStep[]>> = {
  loggedIn: ['oldLogin', 'otpConfirmation'],
  accountConfirmed: ['confirmation'],
  unconfirmed: ['oldLogin'],
  registered: ['registration'],
}

/** The state after an event; the same object when the move is not allowed from the current step. */
export function transition(state: AuthFlowState, event: AuthEvent): AuthFlowState {
  const to = targetOf(state, event)
  if (!to || !canTransition(state.step, to)) return state
  const sources = EVENT_SOURCES[event.type]
  if (sources && !sources.includes(state.step)) return state
  if (event.type === 'editPhone' && !state.phoneCodeSent) return state
  if (event.type === 'phoneCodeSent' && state.phoneCodeSent) return state

  const history =
    event.type === 'back'
      ? state.history.slice(0, -1)
      : to === state.step
        ? state.history
        : [...state.history, state.step]
  // `reason` explains one arrival only; the next step starts without it.
  const next: AuthFlowState = { ...state, step: to, history, reason: undefined }

  switch (event.type) {
    case 'startRegistration':
      return {
        ...next,
        email: event.email ?? state.email,
        phone: event.phone ?? state.phone,
      }
    case 'startForgotPassword':
      return { ...next, email: event.email || state.email }
    case 'loggedIn':
      return { ...next, outcome: 'loggedIn' }
    case 'accountConfirmed':
      return { ...next, outcome: 'registered' }
    case 'unconfirmed':
      return { ...next, email: event.email, reason: 'unconfirmed' }
    case 'registered':
    case 'resetCodeSent':
      return { ...next, email: event.email }
    case 'loginCodeSent':
      return 'email' in event.target
        ? { ...next, email: event.target.email, codeChannel: 'email' }
        : { ...next, phone: event.target, codeChannel: 'sms' }
    case 'phoneCodeSent':
      return { ...next, phone: event.phone, phoneCodeSent: true }
    case 'editPhone':
      return { ...next, phoneCodeSent: false }
    default:
      return next
  }
}

/** Whether "back" leads somewhere from here (the first step of a flow has nothing behind it). */
export const canGoBack = (state: AuthFlowState): boolean => transition(state, { type: 'back' }) !== state

/** The reducer form, for `useReducer`. */
export const authFlowReducer = (state: AuthFlowState, event: AuthEvent): AuthFlowState =>
  transition(state, event)
