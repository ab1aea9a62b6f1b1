import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import errors from '../../locales/es-CO/errors.json'
import { ApiError } from '../api-client'
import { applyApiError } from './apply-api-error'
import { fieldErrorKeys } from './field-error'

const i18n = i18next.createInstance()
await i18n.init({
  lng: 'es-CO',
  resources: { 'es-CO': { errors } },
  ns: ['errors'],
  interpolation: { escapeValue: false },
})

describe('fieldErrorKeys', () => {
  it.each([
    ['invalidPhone', errors.fields.invalidPhone],
    ['mustAcceptTerms', errors.fields.mustAcceptTerms],
    ['RepeatedPhoneNumber', errors.codes.RepeatedPhoneNumber],
    ['CodeMismatchException', errors.codes.CodeMismatchException],
    ['Invalid input: expected string', errors.codes.InvalidParameterException],
  ])('%s is shown as its text', (message, text) => {
    expect(text).toBeTruthy()
    expect(i18n.t(fieldErrorKeys(message))).toBe(text)
  })
})

describe('applyApiError', () => {
  it('sets the fields the form has, focusing the first, and skips the others', () => {
    const setError = vi.fn()
    const error = new ApiError('VALIDATION_FAILED', 400, {
      email: 'invalidEmail',
      body: 'required',
      phone: 'invalidPhone',
    })
    const applied = applyApiError<{ email: string; phone: string }>(error, setError, ['email', 'phone'])
    expect(applied).toEqual(['email', 'phone'])
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'invalidEmail' }, { shouldFocus: true }],
      ['phone', { type: 'server', message: 'invalidPhone' }, { shouldFocus: false }],
    ])
  })

  it('does nothing for an error without fields', () => {
    const setError = vi.fn()
    expect(applyApiError(new ApiError('NotAuthorizedException', 401), setError, ['email'])).toEqual([])
    expect(setError).not.toHaveBeenCalled()
  })
})
