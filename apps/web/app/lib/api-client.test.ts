import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, NETWORK_ERROR_CODE, parseProblem } from './api-client'

describe('parseProblem', () => {
  it.each([
    {
      name: 'a spec §8 code with field messages',
      status: 409,
      body: {
        code: 'RepeatedPhoneNumber',
        status: 409,
        detail: 'taken',
        fields: { phone: 'RepeatedPhoneNumber' },
      },
      code: 'RepeatedPhoneNumber',
      fields: { phone: 'RepeatedPhoneNumber' },
    },
    {
      name: 'a validation failure keeps every field message key',
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { email: 'invalidEmail', password: 'invalidPassword' } },
      code: 'VALIDATION_FAILED',
      fields: { email: 'invalidEmail', password: 'invalidPassword' },
    },
    {
      name: 'a code without fields',
      status: 401,
      body: { code: 'NotAuthorizedException' },
      code: 'NotAuthorizedException',
      fields: {},
    },
    { name: 'a non-JSON 429', status: 429, body: null, code: 'RATE_LIMITED', fields: {} },
    { name: 'a non-JSON 502 from a proxy', status: 502, body: null, code: 'SERVICE_UNAVAILABLE', fields: {} },
    { name: 'a non-JSON 500', status: 500, body: 'oops', code: 'INTERNAL', fields: {} },
    { name: 'an empty 401', status: 401, body: null, code: 'UNAUTHENTICATED', fields: {} },
    { name: 'an unexplained 400', status: 400, body: [], code: 'UnknownException', fields: {} },
    {
      name: 'a blank code falls back to the status',
      status: 404,
      body: { code: '  ' },
      code: 'NOT_FOUND',
      fields: {},
    },
    {
      name: 'field entries that are not strings are dropped',
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { email: 'required', phone: 3, code: null, name: '' } },
      code: 'VALIDATION_FAILED',
      fields: { email: 'required' },
    },
    {
      name: 'fields that are not an object are ignored',
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: ['email'] },
      code: 'VALIDATION_FAILED',
      fields: {},
    },
  ])('reads $name', ({ status, body, code, fields }) => {
    const error = parseProblem(status, body)
    expect(error).toBeInstanceOf(ApiError)
    expect({ code: error.code, status: error.status, fields: error.fields }).toEqual({ code, status, fields })
  })

  it('keeps the detail as the message, for logs', () => {
    expect(parseProblem(422, { code: 'CodeMismatchException', detail: 'Wrong code' }).message).toBe(
      'Wrong code',
    )
  })
})

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals())

  const answer = (status: number, body: string, type = 'application/json') =>
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }))

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = answer(200, JSON.stringify({ channel: 'sms' }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest('/api/v1/auth/request-otp', { body: { phone: '3001234567' } })).resolves.toEqual({
      channel: 'sms',
    })
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/api/v1/auth/request-otp')
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"phone":"3001234567"}',
      headers: { 'content-type': 'application/json' },
    })
  })

  it('throws the problem as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, JSON.stringify({ code: 'CodeExpiredException', fields: { code: 'CodeExpiredException' } })),
    )
    await expect(apiRequest('/api/auth/otp/confirm', { body: {} })).rejects.toMatchObject({
      code: 'CodeExpiredException',
      status: 422,
      fields: { code: 'CodeExpiredException' },
    })
  })

  it('turns a failed connection into the catalogue’s network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(apiRequest('/api/fan')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, status: 0 })
  })

  it('lets an abort through untouched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError')
      }),
    )
    await expect(apiRequest('/api/fan')).rejects.toMatchObject({ name: 'AbortError' })
  })
})
