import { describe, expect, it } from 'vitest'
import {
  APP_ERROR_CODES,
  DomainError,
  ERROR_CODES,
  type ErrorCode,
  errorCodeSchema,
  HTTP_STATUS_BY_CODE,
  httpStatusOf,
  isDomainError,
  isErrorCode,
  problemTitleOf,
  SPEC_ERROR_CODES,
} from './domain-error.js'

describe('error codes (spec §8, DESIGN §6)', () => {
  it('holds every spec §8 name and our own codes, once each', () => {
    expect(SPEC_ERROR_CODES).toHaveLength(37)
    expect(APP_ERROR_CODES).toHaveLength(73)
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
    expect(ERROR_CODES).toEqual([...SPEC_ERROR_CODES, ...APP_ERROR_CODES])
  })

  it.each<[ErrorCode, number]>([
    ['InvalidParameterException', 400],
    ['InvalidPasswordException', 400],
    ['VALIDATION_FAILED', 400],
    ['MALFORMED_JSON', 400],
    ['INVALID_CHARACTERS', 400],
    ['NotAuthorizedException', 401],
    ['UNAUTHENTICATED', 401],
    ['SessionExpiredException', 401],
    ['FORBIDDEN', 403],
    ['UserNotConfirmedException', 403],
    ['AUTH0013', 403],
    ['UserNotFoundException', 404],
    ['ResourceNotFoundException', 404],
    ['AUTH0003', 404],
    ['NOT_FOUND', 404],
    ['ROUTE_NOT_FOUND', 404],
    ['METHOD_NOT_ALLOWED', 405],
    ['UsernameExistsException', 409],
    ['AliasExistsException', 409],
    ['RepeatedPhoneNumber', 409],
    ['RepeatedDocumentNumber', 409],
    ['SEAT_UNAVAILABLE', 409],
    ['EVENT_CANCELLED', 409],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['UPLOAD_TOO_LARGE', 413],
    ['UPLOAD_TYPE_NOT_ALLOWED', 415],
    ['UPLOAD_TYPE_MISMATCH', 422],
    ['UPLOAD_EXPIRED', 422],
    ['UPLOAD_USED', 409],
    ['EXPORT_LINK_EXPIRED', 410],
    ['EXPORT_TOO_LARGE', 422],
    ['CodeMismatchException', 422],
    ['CodeExpiredException', 422],
    ['HOLD_EXPIRED', 422],
    ['WRONG_CURRENT_PASSWORD', 422],
    ['PASSWORD_UNCHANGED', 422],
    ['RULE_BROKEN', 422],
    ['LimitExceededException', 429],
    ['TooManyRequestsException', 429],
    ['TooManyFailedAttemptsException', 429],
    ['FailedAttemptsLimitExceededException', 429],
    ['RATE_LIMITED', 429],
    ['InternalErrorException', 500],
    ['UnknownException', 500],
    ['INTERNAL', 500],
    ['Network error', 503],
    ['CodeDeliveryFailureException', 503],
    ['SERVICE_UNAVAILABLE', 503],
  ])('%s → %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status)
    expect(HTTP_STATUS_BY_CODE[code]).toBe(status)
  })

  it.each(ERROR_CODES)('%s has a status and an English title', (code) => {
    expect([400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429, 500, 503]).toContain(httpStatusOf(code))
    expect(problemTitleOf(code)).toMatch(/^[A-Z]/)
  })

  it.each<[unknown, boolean]>([
    ['UserNotFoundException', true],
    ['Network error', true],
    ['AUTH0003', true],
    ['SEAT_UNAVAILABLE', true],
    ['usernotfoundexception', false],
    ['AUTH0004', false],
    ['toString', false],
    ['', false],
    [404, false],
    [null, false],
  ])('isErrorCode(%j) → %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected)
    expect(errorCodeSchema.safeParse(value).success).toBe(expected)
  })
})

describe('DomainError', () => {
  it('carries code, field, fields, details and status', () => {
    const cause = new Error('unique violation')
    const error = new DomainError('RepeatedPhoneNumber', {
      field: 'phone',
      fields: { phone: 'RepeatedPhoneNumber' },
      details: { country: 'COL' },
      cause,
    })
    expect(error).toBeInstanceOf(Error)
    expect(isDomainError(error)).toBe(true)
    expect(error).toMatchObject({
      name: 'DomainError',
      code: 'RepeatedPhoneNumber',
      field: 'phone',
      fields: { phone: 'RepeatedPhoneNumber' },
      details: { country: 'COL' },
      status: 409,
      message: 'This phone number is already registered',
      cause,
    })
  })

  it.each<[ErrorCode, string | undefined, string]>([
    ['HOLD_EXPIRED', undefined, 'The seat hold has expired'],
    ['HOLD_EXPIRED', 'Hold 42 expired at 10:00', 'Hold 42 expired at 10:00'],
  ])('%s with message %j says %j', (code, message, expected) => {
    expect(new DomainError(code, message === undefined ? {} : { message }).message).toBe(expected)
  })

  it('leaves absent options absent', () => {
    const error = new DomainError('NOT_FOUND')
    expect(Object.keys(error)).toEqual(['name', 'code'])
    expect('cause' in error).toBe(false)
  })

  it.each<[unknown, boolean]>([
    [new Error('x'), false],
    [{ code: 'NOT_FOUND' }, false],
    [undefined, false],
  ])('isDomainError(%j) → %s', (value, expected) => {
    expect(isDomainError(value)).toBe(expected)
  })
})
