import { describe, expect, it } from 'vitest'
import {
  AUTH_STEPS,
  AUTH_TRANSITIONS,
  type AuthEvent,
  type AuthFlowState,
  type AuthStep,
  authFlowReducer,
  canGoBack,
  canTransition,
  isFinalStep,
  startAuthFlow,
  transition,
} from './auth-flow'

const at = (step: AuthStep, extra: Partial<AuthFlowState> = {}): AuthFlowState => ({
  step,
  history: [],
  ...extra,
})
const run = (state: AuthFlowState, ...events: AuthEvent[]) => events.reduce(authFlowReducer, state)
const phone = { phonePrefix: '+57', phone: '3001234567' } as const

describe('the steps of spec §2', () => {
  it('are the thirteen the spec names, each with a row in the transition table', () => {
    expect(AUTH_STEPS).toHaveLength(13)
    expect(Object.keys(AUTH_TRANSITIONS).sort()).toEqual([...AUTH_STEPS].sort())
  })

  it('only ever move to steps that exist', () => {
    for (const targets of Object.values(AUTH_TRANSITIONS)) {
      for (const to of targets) expect(AUTH_STEPS).toContain(to)
    }
  })

  it('can all be reached from the entry points', () => {
    const seen = new Set<AuthStep>(['login', 'changePhoneNumber'])
    const queue: AuthStep[] = [...seen]
    while (queue.length > 0) {
      const step = queue.shift() as AuthStep
      for (const to of AUTH_TRANSITIONS[step]) {
        if (!seen.has(to)) {
          seen.add(to)
          queue.push(to)
        }
      }
    }
    expect([...seen].sort()).toEqual([...AUTH_STEPS].sort())
  })

  it.each([
    ['success', true],
    ['changePhoneNumberSuccess', true],
    ['successPassword', false],
    ['login', false],
  ] as const)('%s is final: %s', (step, final) => {
    expect(isFinalStep(step)).toBe(final)
  })
})

describe('allowed moves', () => {
  it.each<[AuthStep, AuthEvent, AuthStep]>([
    ['login', { type: 'choosePassword' }, 'oldLogin'],
    ['login', { type: 'chooseEmailCode' }, 'emailOtpLogin'],
    ['login', { type: 'choosePhoneCode' }, 'phoneLogin'],
    ['login', { type: 'startRegistration' }, 'registration'],
    ['oldLogin', { type: 'loggedIn' }, 'success'],
    ['oldLogin', { type: 'unconfirmed', email: 'a@b.co' }, 'confirmation'],
    ['oldLogin', { type: 'startForgotPassword' }, 'forgotPassword'],
    ['oldLogin', { type: 'startRegistration' }, 'registration'],
    ['oldLogin', { type: 'showLogin' }, 'login'],
    ['emailOtpLogin', { type: 'loginCodeSent', target: { email: 'a@b.co' } }, 'otpConfirmation'],
    ['emailOtpLogin', { type: 'startRegistration', email: 'a@b.co' }, 'registration'],
    ['phoneLogin', { type: 'loginCodeSent', target: phone }, 'otpConfirmation'],
    ['phoneLogin', { type: 'startRegistration', phone }, 'registration'],
    ['registration', { type: 'registered', email: 'a@b.co' }, 'confirmation'],
    ['registration', { type: 'showLogin' }, 'login'],
    ['confirmation', { type: 'accountConfirmed' }, 'success'],
    ['otpConfirmation', { type: 'loggedIn' }, 'success'],
    ['forgotPassword', { type: 'resetCodeSent', email: 'a@b.co' }, 'confirmForgotPassword'],
    ['confirmForgotPassword', { type: 'passwordReset' }, 'successPassword'],
    ['successPassword', { type: 'choosePassword' }, 'oldLogin'],
    ['changePhoneNumber', { type: 'phoneCodeSent', phone }, 'changePhoneNumber'],
    ['changePhoneNumber', { type: 'phoneChanged' }, 'changePhoneNumberSuccess'],
  ])('%s --%o--> %s', (from, event, to) => {
    expect(canTransition(from, to)).toBe(true)
    expect(transition(at(from), event).step).toBe(to)
  })
})

describe('refused moves leave the state untouched', () => {
  it.each<[AuthStep, AuthEvent]>([
    ['login', { type: 'loggedIn' }],
    ['login', { type: 'passwordReset' }],
    ['registration', { type: 'loggedIn' }],
    ['registration', { type: 'accountConfirmed' }],
    ['emailOtpLogin', { type: 'accountConfirmed' }],
    ['phoneLogin', { type: 'loggedIn' }],
    ['confirmation', { type: 'loginCodeSent', target: { email: 'a@b.co' } }],
    ['otpConfirmation', { type: 'accountConfirmed' }],
    ['confirmation', { type: 'loggedIn' }],
    ['success', { type: 'showLogin' }],
    ['success', { type: 'back' }],
    ['forgotPassword', { type: 'loggedIn' }],
    ['successPassword', { type: 'loggedIn' }],
    ['changePhoneNumber', { type: 'loggedIn' }],
    ['changePhoneNumber', { type: 'showLogin' }],
    ['changePhoneNumberSuccess', { type: 'editPhone' }],
    ['login', { type: 'back' }],
  ])('%s ignores %o', (from, event) => {
    const state = at(from)
    expect(transition(state, event)).toBe(state)
  })

  it('a second "code sent" for the phone change, or "edit" before any code, changes nothing', () => {
    const sent = transition(at('changePhoneNumber'), { type: 'phoneCodeSent', phone })
    expect(transition(sent, { type: 'phoneCodeSent', phone })).toBe(sent)
    const fresh = at('changePhoneNumber')
    expect(transition(fresh, { type: 'editPhone' })).toBe(fresh)
  })
})

describe('what the steps remember', () => {
  it('a login by email code keeps the address and the channel for the code step', () => {
    const s = run(
      startAuthFlow(),
      { type: 'chooseEmailCode' },
      {
        type: 'loginCodeSent',
        target: { email: 'fan@palco.co' },
      },
    )
    expect(s).toMatchObject({ step: 'otpConfirmation', email: 'fan@palco.co', codeChannel: 'email' })
  })

  it('a login by phone code keeps the number and the channel', () => {
    const s = run(startAuthFlow(), { type: 'choosePhoneCode' }, { type: 'loginCodeSent', target: phone })
    expect(s).toMatchObject({ step: 'otpConfirmation', phone, codeChannel: 'sms' })
  })

  it('registration → confirmation → success says the account was created', () => {
    const s = run(
      startAuthFlow(),
      { type: 'startRegistration' },
      { type: 'registered', email: 'new@palco.co' },
      { type: 'accountConfirmed' },
    )
    expect(s).toMatchObject({ step: 'success', email: 'new@palco.co', outcome: 'registered' })
  })

  it('a password login with an unconfirmed account goes to the confirmation step and says why, once', () => {
    const s = run(startAuthFlow('oldLogin'), { type: 'unconfirmed', email: 'late@palco.co' })
    expect(s).toMatchObject({ step: 'confirmation', email: 'late@palco.co', reason: 'unconfirmed' })
    expect(run(s, { type: 'accountConfirmed' })).toMatchObject({ outcome: 'registered', reason: undefined })
  })

  it('forgot password carries the email through to the login with the new password', () => {
    const s = run(
      startAuthFlow('oldLogin'),
      { type: 'startForgotPassword', email: 'fan@palco.co' },
      { type: 'resetCodeSent', email: 'fan@palco.co' },
      { type: 'passwordReset' },
      { type: 'choosePassword' },
    )
    expect(s).toMatchObject({ step: 'oldLogin', email: 'fan@palco.co' })
  })

  it('"create an account" after an unknown email or phone starts registration with it', () => {
    const byEmail = run(
      startAuthFlow(),
      { type: 'chooseEmailCode' },
      { type: 'startRegistration', email: 'x@y.co' },
    )
    expect(byEmail).toMatchObject({ step: 'registration', email: 'x@y.co' })
    const byPhone = run(startAuthFlow(), { type: 'choosePhoneCode' }, { type: 'startRegistration', phone })
    expect(byPhone).toMatchObject({ step: 'registration', phone })
  })

  it('the phone change sends a code, may go back to edit the number, and then switches', () => {
    const sent = run(startAuthFlow('changePhoneNumber'), { type: 'phoneCodeSent', phone })
    expect(sent).toMatchObject({ step: 'changePhoneNumber', phoneCodeSent: true, phone, history: [] })
    const edited = run(sent, { type: 'editPhone' })
    expect(edited).toMatchObject({ step: 'changePhoneNumber', phoneCodeSent: false })
    const done = run(edited, { type: 'phoneCodeSent', phone }, { type: 'phoneChanged' })
    expect(done.step).toBe('changePhoneNumberSuccess')
  })

  it('starts with a prefilled email when given one', () => {
    expect(startAuthFlow('oldLogin', { email: 'a@b.co' })).toEqual({
      step: 'oldLogin',
      history: [],
      email: 'a@b.co',
    })
  })
})

describe('back', () => {
  it.each<[AuthEvent[], AuthStep]>([
    [[{ type: 'choosePassword' }], 'login'],
    [[{ type: 'chooseEmailCode' }], 'login'],
    [[{ type: 'choosePhoneCode' }], 'login'],
    [[{ type: 'startRegistration' }], 'login'],
    [[{ type: 'chooseEmailCode' }, { type: 'loginCodeSent', target: { email: 'a@b.co' } }], 'emailOtpLogin'],
    [[{ type: 'choosePhoneCode' }, { type: 'loginCodeSent', target: phone }], 'phoneLogin'],
    [[{ type: 'startRegistration' }, { type: 'registered', email: 'a@b.co' }], 'registration'],
    [[{ type: 'choosePassword' }, { type: 'startForgotPassword' }], 'oldLogin'],
    [
      [
        { type: 'choosePassword' },
        { type: 'startForgotPassword' },
        { type: 'resetCodeSent', email: 'a@b.co' },
      ],
      'forgotPassword',
    ],
  ])('after %o goes to %s', (events, expected) => {
    const s = run(startAuthFlow(), ...events)
    expect(canGoBack(s)).toBe(true)
    const back = transition(s, { type: 'back' })
    expect(back.step).toBe(expected)
    expect(back.history).toEqual(s.history.slice(0, -1))
  })

  it('is not offered on the first step, nor after a success', () => {
    expect(canGoBack(startAuthFlow())).toBe(false)
    expect(canGoBack(startAuthFlow('changePhoneNumber'))).toBe(false)
    expect(canGoBack(run(startAuthFlow(), { type: 'choosePassword' }, { type: 'loggedIn' }))).toBe(false)
    const reset = run(
      startAuthFlow('oldLogin'),
      { type: 'startForgotPassword' },
      { type: 'resetCodeSent', email: 'a@b.co' },
      { type: 'passwordReset' },
    )
    expect(canGoBack(reset)).toBe(false)
  })
})
