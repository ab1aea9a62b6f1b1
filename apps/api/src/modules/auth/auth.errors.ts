import { DomainError, type ErrorCode } from '@palco/domain/errors/domain-error'

// The auth library's error codes, translated to the spec's catalogue (§8) so the web shows its texts.
const BY_LIBRARY_CODE: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'NotAuthorizedException',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'NotAuthorizedException',
  INVALID_PASSWORD: 'NotAuthorizedException',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'NotAuthorizedException',
  USER_NOT_FOUND: 'UserNotFoundException',
  EMAIL_NOT_VERIFIED: 'UserNotConfirmedException',
  USER_ALREADY_EXISTS: 'UsernameExistsException',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'UsernameExistsException',
  PASSWORD_TOO_SHORT: 'InvalidPasswordException',
  PASSWORD_TOO_LONG: 'InvalidPasswordException',
  INVALID_OTP: 'CodeMismatchException',
  OTP_NOT_FOUND: 'CodeExpiredException',
  OTP_EXPIRED: 'CodeExpiredException',
  TOO_MANY_ATTEMPTS: 'TooManyFailedAttemptsException',
  PHONE_NUMBER_EXIST: 'RepeatedPhoneNumber',
  PHONE_NUMBER_NOT_EXIST: 'AUTH0003',
  INVALID_PHONE_NUMBER: 'InvalidParameterException',
  SESSION_EXPIRED: 'SessionExpiredException',
  SESSION_NOT_FRESH: 'SessionExpiredException',
  EMAIL_ALREADY_VERIFIED: 'InvalidStateException',
  FAILED_TO_CREATE_SESSION: 'InternalErrorException',
}

interface LibraryError {
  body?: { code?: string; message?: string }
  statusCode?: number
}

/** Any error thrown by an auth library call becomes a DomainError; ours pass through untouched. */
export function toDomainError(err: unknown, field?: string): DomainError {
  if (err instanceof DomainError) return err
  const libraryCode = (err as LibraryError)?.body?.code
  const code = libraryCode ? BY_LIBRARY_CODE[libraryCode] : undefined
  if (code)
    return new DomainError(code, {
      message: (err as LibraryError).body?.message ?? code,
      ...(field ? { field } : {}),
    })
  if ((err as LibraryError)?.statusCode === 401) return new DomainError('UNAUTHENTICATED')
  return new DomainError('InternalErrorException', {
    message: 'Authentication failed unexpectedly.',
    cause: err,
  })
}

export async function authCall<T>(fn: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    throw toDomainError(err, field)
  }
}
