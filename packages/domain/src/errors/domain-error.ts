import { z } from 'zod'

// Spec §8, names kept verbatim (including the space in 'Network error') so they match what auth flows report.
export const SPEC_ERROR_CODES = [
  'AuthError',
  'AliasExistsException',
  'CodeDeliveryFailureException',
  'CodeExpiredException',
  'CodeMismatchException',
  'ConfigurationException',
  'DeviceNotTrackedException',
  'FailedAttemptsLimitExceededException',
  'InternalErrorException',
  'InvalidAccountTypeException',
  'InvalidParameterException',
  'InvalidPasswordException',
  'InvalidStateException',
  'LambdaException',
  'LimitExceededException',
  'MFAMethodNotFoundException',
  'NotAuthorizedException',
  'PasswordResetRequiredException',
  'ResourceNotFoundException',
  'SessionExpiredException',
  'SessionUnavailableOfflineException',
  'SessionUnavailableServiceException',
  'SignedOutException',
  'SoftwareTokenMFANotFoundException',
  'TooManyFailedAttemptsException',
  'TooManyRequestsException',
  'UnknownException',
  'UserCancelledException',
  'UsernameExistsException',
  'UserNotConfirmedException',
  'UserNotFoundException',
  'AuthException',
  'Network error',
  'RepeatedPhoneNumber',
  'RepeatedDocumentNumber',
  'AUTH0003',
  'AUTH0013',
] as const
export type SpecErrorCode = (typeof SPEC_ERROR_CODES)[number]

// DESIGN §6: our own codes, for what the spec's auth-centred catalogue does not cover.
export const APP_ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'INVALID_CHARACTERS',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RULE_BROKEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'SEAT_UNAVAILABLE',
  'HOLD_EXPIRED',
  'SEAT_NOT_FOUND',
  'SEAT_NOT_SELECTABLE',
  'MAX_PER_FAN_EXCEEDED',
  'HOLD_NOT_EDITABLE',
  'PROMO_CODE_INVALID',
  'PROMO_CODE_EXHAUSTED',
  'PROMO_CODE_ALREADY_USED',
  'CARD_DECLINED',
  'CARD_TOKEN_USED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_METHOD_UNAVAILABLE',
  'AMOUNT_MISMATCH',
  'ORDER_NOT_PAYABLE',
  'INSUFFICIENT_WALLET_BALANCE',
  'WEBHOOK_SIGNATURE_INVALID',
  'TICKET_ALREADY_USED',
  'TICKET_ALREADY_TRANSFERRED',
  'TICKET_NOT_TRANSFERABLE',
  'TICKET_LOCKED',
  'INSTALLMENT_NOT_OFFERED',
  'INSCRIPTION_FORM_INCOMPLETE',
  'TRANSFER_TO_SELF',
  'WRONG_CURRENT_PASSWORD',
  'PASSWORD_UNCHANGED',
  'SHIFT_NOT_OPEN',
  'SHIFT_OF_OTHER_COUNTRY',
  'SHIFT_ALREADY_OPEN',
  'TENDER_BELOW_DUE',
  'TENDER_REFERENCE_REQUIRED',
  'SALE_NOT_VOIDABLE',
  'VOID_WINDOW_CLOSED',
  'COURTESY_REASON_REQUIRED',
  'COURTESY_QUOTA_EXCEEDED',
  'OPERATOR_SHIFT_OPEN',
  'PAY_LATER_NEEDS_FAN',
  'SALE_NOT_REFUNDABLE',
  'RESERVATION_DEADLINE_INVALID',
  'PRICE_OVERRIDE_INVALID',
  'EVENT_CANCELLED',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_TYPE_NOT_ALLOWED',
  'UPLOAD_TYPE_MISMATCH',
  'UPLOAD_UNREADABLE',
  'UPLOAD_EXPIRED',
  'UPLOAD_USED',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_REJECTED',
  'WAITING_ROOM_PASS_INVALID',
  'UPLOAD_NOT_ATTACHABLE',
  'LAYOUT_NOT_PUBLISHABLE',
  'LAYOUT_IMPORT_REFUSED',
  'PRESALE_CARD_REQUIRED',
  'PRESALE_CARD_REFUSED',
  'EXPORT_TOO_LARGE',
  'EXPORT_LINK_EXPIRED',
  'LAST_OWNER',
] as const
export type AppErrorCode = (typeof APP_ERROR_CODES)[number]

export const ERROR_CODES = [...SPEC_ERROR_CODES, ...APP_ERROR_CODES] as const
export type ErrorCode = (typeof ERROR_CODES)[number]
export const errorCodeSchema = z.enum(ERROR_CODES)

type ErrorInfo = { readonly status: number; readonly title: string }

// DESIGN §6: exhaustive, so adding a code without a status is a type error. 400 malformed, 401 not signed in,
// 403 signed in but not allowed, 404 missing, 409 clashes with existing data, 422 a rule says no,
// 429 throttled, 500 our fault, 503 a dependency is down (retry later).
// AUTH0003 and AUTH0013 are service codes whose meaning the spec does not give; we define them as
// "no account for this email/phone" and "account pre-registered, finish registration" (spec §3 statuses).
const ERROR_INFO: Readonly<Record<ErrorCode, ErrorInfo>> = {
  AuthError: { status: 401, title: 'Authentication failed' },
  AliasExistsException: { status: 409, title: 'This email or phone is already used by another account' },
  CodeDeliveryFailureException: { status: 503, title: 'The verification code could not be sent' },
  CodeExpiredException: { status: 422, title: 'The verification code has expired' },
  CodeMismatchException: { status: 422, title: 'The verification code is incorrect' },
  ConfigurationException: { status: 500, title: 'Authentication is misconfigured' },
  DeviceNotTrackedException: { status: 400, title: 'This device is not remembered' },
  FailedAttemptsLimitExceededException: { status: 429, title: 'Too many failed attempts' },
  InternalErrorException: { status: 500, title: 'Internal error' },
  InvalidAccountTypeException: { status: 403, title: 'This account type cannot do that' },
  InvalidParameterException: { status: 400, title: 'A value is invalid' },
  InvalidPasswordException: { status: 400, title: 'The password does not meet the requirements' },
  InvalidStateException: { status: 409, title: 'The account is not in a state that allows this' },
  LambdaException: { status: 500, title: 'Internal error' },
  LimitExceededException: { status: 429, title: 'Limit exceeded, try again later' },
  MFAMethodNotFoundException: { status: 404, title: 'No second-factor method is set up' },
  NotAuthorizedException: { status: 401, title: 'Incorrect credentials or session' },
  PasswordResetRequiredException: { status: 403, title: 'A password reset is required' },
  ResourceNotFoundException: { status: 404, title: 'Not found' },
  SessionExpiredException: { status: 401, title: 'The session has expired' },
  SessionUnavailableOfflineException: { status: 503, title: 'The session is unavailable while offline' },
  SessionUnavailableServiceException: { status: 503, title: 'The session service is unavailable' },
  SignedOutException: { status: 401, title: 'Signed out' },
  SoftwareTokenMFANotFoundException: { status: 404, title: 'No authenticator app is set up' },
  TooManyFailedAttemptsException: { status: 429, title: 'Too many failed attempts' },
  TooManyRequestsException: { status: 429, title: 'Too many requests' },
  UnknownException: { status: 500, title: 'Unknown error' },
  UserCancelledException: { status: 400, title: 'Cancelled' },
  UsernameExistsException: { status: 409, title: 'An account with this email or phone already exists' },
  UserNotConfirmedException: { status: 403, title: 'The account is not confirmed yet' },
  UserNotFoundException: { status: 404, title: 'No account was found' },
  AuthException: { status: 401, title: 'Authentication failed' },
  'Network error': { status: 503, title: 'Network error' },
  RepeatedPhoneNumber: { status: 409, title: 'This phone number is already registered' },
  RepeatedDocumentNumber: { status: 409, title: 'This identification document is already registered' },
  AUTH0003: { status: 404, title: 'No account exists for this email or phone' },
  AUTH0013: { status: 403, title: 'Registration is incomplete' },
  VALIDATION_FAILED: { status: 400, title: 'Some values are invalid' },
  MALFORMED_JSON: { status: 400, title: 'The request body is not valid JSON' },
  // NUL and unpaired UTF-16 surrogates: text no database column can store and no person typed.
  INVALID_CHARACTERS: { status: 400, title: 'Some values contain characters that are not allowed' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such route' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  UNAUTHENTICATED: { status: 401, title: 'Sign-in required' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  CONFLICT: { status: 409, title: 'Conflict' },
  RULE_BROKEN: { status: 422, title: 'The request breaks a business rule' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  INTERNAL: { status: 500, title: 'Internal error' },
  // Someone else holds or bought the seat: the fan's view of the map is stale.
  SEAT_UNAVAILABLE: { status: 409, title: 'The seat is no longer available' },
  // Holds last 10 minutes (spec §9); paying after that breaks the rule rather than clashing with data.
  HOLD_EXPIRED: { status: 422, title: 'The seat hold has expired' },
  SEAT_NOT_FOUND: { status: 422, title: 'Some seats do not exist in this event' },
  SEAT_NOT_SELECTABLE: { status: 422, title: 'Some seats cannot be chosen' },
  MAX_PER_FAN_EXCEEDED: { status: 422, title: 'That is more tickets than one fan may hold' },
  HOLD_NOT_EDITABLE: { status: 409, title: 'This reservation can no longer change' },
  PROMO_CODE_INVALID: { status: 422, title: 'The promo code does not exist or does not apply' },
  PROMO_CODE_EXHAUSTED: { status: 409, title: 'The promo code has no uses left' },
  // Issue 13: a once-per-fan code the fan already spent is not a code with no uses left for everyone.
  PROMO_CODE_ALREADY_USED: { status: 409, title: 'The fan has already used this promo code' },
  CARD_DECLINED: { status: 422, title: 'The card was declined' },
  CARD_TOKEN_USED: { status: 409, title: 'The card token was already used' },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503, title: 'The payment provider did not answer' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, title: 'The payment method is not offered here' },
  AMOUNT_MISMATCH: { status: 409, title: 'The amount or currency changed' },
  ORDER_NOT_PAYABLE: { status: 409, title: 'The order can no longer be paid' },
  INSUFFICIENT_WALLET_BALANCE: { status: 422, title: 'The wallet balance is too low' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, title: 'The notification signature is invalid' },
  // Issue 7: a ticket checked in at a gate can no longer change owner.
  TICKET_ALREADY_USED: { status: 409, title: 'The ticket has already been used' },
  // A ticket changes owner once (no resale chains); the sender's copy is read-only.
  TICKET_ALREADY_TRANSFERRED: { status: 409, title: 'The ticket has already been transferred' },
  TICKET_NOT_TRANSFERABLE: { status: 422, title: 'This event does not allow ticket transfers' },
  // Issue 16: a paguitos ticket has no code, and is not printed or passed on, until its plan is paid.
  TICKET_LOCKED: { status: 409, title: 'The ticket is locked until its payment plan is paid' },
  // Issue 16: no plan for this event, or its dates or amounts do not fit this reservation any more.
  INSTALLMENT_NOT_OFFERED: { status: 422, title: 'Paguitos are not offered for this purchase' },
  // Issue 17: an inscription's order needs every participant's form submitted and still passing its rules.
  INSCRIPTION_FORM_INCOMPLETE: { status: 409, title: "The participants' forms are not complete" },
  TRANSFER_TO_SELF: { status: 422, title: 'A ticket cannot be transferred to yourself' },
  // Issue 13: a signed-in fan mistyped the current password when changing it. Not 401: the session is fine,
  // and the login's NotAuthorizedException text ("wrong email or password") is not what happened.
  WRONG_CURRENT_PASSWORD: { status: 422, title: 'The current password is incorrect' },
  // Issue 13: a new password must differ from the one it replaces (profile change and forgot-password reset).
  PASSWORD_UNCHANGED: { status: 422, title: 'The new password is the same as the current one' },
  SHIFT_NOT_OPEN: { status: 409, title: 'Open a box-office shift first' },
  // Issue 40: a shift is the drawer of one site's country and currency; another country's site cannot sell in it.
  SHIFT_OF_OTHER_COUNTRY: { status: 409, title: "The open shift belongs to another country's site" },
  SHIFT_ALREADY_OPEN: { status: 409, title: 'A box-office shift is already open' },
  TENDER_BELOW_DUE: { status: 422, title: 'The tenders do not cover what is due' },
  TENDER_REFERENCE_REQUIRED: {
    status: 422,
    title: "A card-terminal payment needs the terminal's authorization",
  },
  SALE_NOT_VOIDABLE: { status: 422, title: 'Only a paid cash sale of your own can be voided at the counter' },
  VOID_WINDOW_CLOSED: { status: 422, title: 'A sale can be voided only within 30 minutes' },
  COURTESY_REASON_REQUIRED: {
    status: 422,
    title: 'A courtesy needs a reason from the list and covers the whole sale',
  },
  COURTESY_QUOTA_EXCEEDED: {
    status: 409,
    title: "The event's courtesy quota is used up; an admin must approve more",
  },
  // Issue 15 part 7: an operator keeps the role until their drawer is counted, so no shift is left unclosable.
  OPERATOR_SHIFT_OPEN: { status: 409, title: 'The operator has an open shift; it must be closed first' },
  // Issue 15: a buyer who pays later gets the instructions by email and the tickets in their account.
  PAY_LATER_NEEDS_FAN: { status: 422, title: 'A buyer who pays later needs an account with an email' },
  SALE_NOT_REFUNDABLE: {
    status: 422,
    title: 'Only a paid counter sale none of whose tickets got someone in can be refunded',
  },
  // Issue 15 part 3: seats kept for a buyer who pays at the counter later, within bounds (`reservationDeadlineOk`).
  RESERVATION_DEADLINE_INVALID: {
    status: 422,
    title: 'A reservation lasts from an hour to 14 days, and never past the event’s start',
  },
  // Issue 15: a price lowered at the counter (`priceOverrideOk`).
  PRICE_OVERRIDE_INVALID: {
    status: 422,
    title: 'A price can only be lowered, by half at most unless an admin approves, and never to zero',
  },
  // Issue 16 part 5: the event will not happen; nothing more is held, sold or charged for it.
  EVENT_CANCELLED: { status: 409, title: 'The event was cancelled' },
  // Issue 17 part 3: private uploads for inscription forms. Size and type are the server's to check, by
  // content; each refusal names what the fan can fix.
  UPLOAD_TOO_LARGE: { status: 413, title: 'The file is larger than allowed' },
  UPLOAD_TYPE_NOT_ALLOWED: { status: 415, title: 'This type of file is not accepted' },
  UPLOAD_TYPE_MISMATCH: { status: 422, title: 'The file is not of the type it claims to be' },
  UPLOAD_UNREADABLE: { status: 422, title: 'The file is damaged or could not be read' },
  UPLOAD_EXPIRED: { status: 422, title: 'The upload link has expired' },
  UPLOAD_USED: { status: 409, title: 'The upload link was already used' },
  UPLOAD_INCOMPLETE: { status: 409, title: 'The file has not arrived yet' },
  UPLOAD_REJECTED: { status: 422, title: 'The file was refused; upload it again' },
  // Issue 42: a hold or checkout of an event behind a waiting room needs this account's own live pass;
  // details.queue is the waiting room's page to go back to.
  WAITING_ROOM_PASS_INVALID: {
    status: 403,
    title: 'This purchase needs your own valid turn from the waiting room',
  },
  UPLOAD_NOT_ATTACHABLE: {
    status: 422,
    title: 'A file is not yours, not finished, for another event or already used in a form',
  },
  // Issue 18: the editor's check found errors (details.problems lists them; warnings never block).
  LAYOUT_NOT_PUBLISHABLE: {
    status: 422,
    title: 'The layout has errors that must be fixed before publishing',
  },
  // Issue 18 part 5: details.reason and details.path name what is wrong with the file and where.
  LAYOUT_IMPORT_REFUSED: { status: 422, title: 'The file is not a layout that can be imported' },
  // Issue 42 part 2: a presale tier is paid only by a card of its sponsor bank; details.sponsor names it,
  // details.reason says why a card was refused (BIN, TYPE, UNCONFIRMED). The hold is kept either way.
  PRESALE_CARD_REQUIRED: { status: 422, title: 'This presale is paid only by card of its sponsor bank' },
  PRESALE_CARD_REFUSED: { status: 422, title: 'This card is not one the presale accepts' },
  // Issue 43 part 4: an event with more attendees than a direct download serves (details.tickets, details.max);
  // its export is a job (POST /api/admin/events/:id/attendee-exports).
  EXPORT_TOO_LARGE: { status: 422, title: 'Too many attendees for a direct download; export them as a job' },
  // Issue 43 part 4: a download link past its time, or an export whose file was deleted: gone, ask again.
  EXPORT_LINK_EXPIRED: { status: 410, title: 'The download link has expired' },
  // Issue 43 part 1: someone must be able to manage an organiser's staff, so its last owner stays one.
  LAST_OWNER: { status: 409, title: 'An organiser keeps at least one owner' },
}

export const HTTP_STATUS_BY_CODE = Object.fromEntries(
  ERROR_CODES.map((code) => [code, ERROR_INFO[code].status]),
) as Readonly<Record<ErrorCode, number>>

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES)

export const isErrorCode = (x: unknown): x is ErrorCode => typeof x === 'string' && ERROR_CODE_SET.has(x)

export const httpStatusOf = (code: ErrorCode): number => ERROR_INFO[code].status

// English fallback for problem+json "title"; the web shows translated errors.<code> texts instead.
export const problemTitleOf = (code: ErrorCode): string => ERROR_INFO[code].title

export type DomainErrorOptions = {
  field?: string
  fields?: Record<string, string>
  details?: unknown
  message?: string
  cause?: unknown
}

export class DomainError extends Error {
  override readonly name = 'DomainError'
  readonly code: ErrorCode
  // Declared, not initialised, so absent options stay absent instead of becoming own `undefined` keys.
  declare readonly field?: string
  // Field name → error code or message key, for putting errors on a form (DESIGN §6).
  declare readonly fields?: Record<string, string>
  declare readonly details?: unknown

  constructor(code: ErrorCode, opts: DomainErrorOptions = {}) {
    super(opts.message ?? problemTitleOf(code), opts.cause === undefined ? undefined : { cause: opts.cause })
    this.code = code
    if (opts.field !== undefined) this.field = opts.field
    if (opts.fields !== undefined) this.fields = opts.fields
    if (opts.details !== undefined) this.details = opts.details
  }

  get status(): number {
    return httpStatusOf(this.code)
  }
}

export const isDomainError = (x: unknown): x is DomainError => x instanceof DomainError
