import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api-client'
import { applyApiError } from './apply-api-error'
import { fieldErrorKey } from './field-error'

describe('fieldErrorKey', () => {
  it.each([
    ['invalidPhone', 'errors:fields.invalidPhone'],
    ['mustAcceptTerms', 'errors:fields.mustAcceptTerms'],
    ['RepeatedPhoneNumber', 'errors:codes.RepeatedPhoneNumber'],
    ['CodeMismatchException', 'errors:codes.CodeMismatchException'],
    ['Invalid input: expected string', 'errors:codes.InvalidParameterException'],
  ])('%s → %s', (message, key) => {
    expect(fieldErrorKey(message)).toBe(key)
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
