import { DomainError } from '@palco/domain/errors/domain-error'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { PROBLEM_CONTENT_TYPE, type Problem, problem } from '../lib/problem.js'

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> }

/** `/body/email` → `email`; the querystring/params prefixes are dropped the same way. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
  const missing = issue.params?.missingProperty
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing
  return path || context || 'body'
}

/** Every failure leaves as problem JSON with a code the web can translate (DESIGN §6); no internals. */
function toProblem(error: FastifyError | DomainError | Error, requestId: string): Problem {
  if (error instanceof DomainError) {
    const fields = error.fields ?? (error.field ? { [error.field]: error.code } : undefined)
    return problem(error.code, error.message || error.code, { fields, details: error.details, requestId })
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {}
    for (const issue of error.validation as ValidationIssue[]) {
      fields[fieldOf(issue, error.validationContext)] = issue.message ?? 'invalid'
    }
    const names = Object.keys(fields).join(', ')
    return problem('VALIDATION_FAILED', `Invalid value for: ${names}`, { fields, requestId })
  }
  const fe = error as FastifyError
  if (fe.validation) {
    const fields: Record<string, string> = {}
    for (const issue of fe.validation as ValidationIssue[]) {
      fields[fieldOf(issue, fe.validationContext)] = issue.message ?? 'invalid'
    }
    return problem('VALIDATION_FAILED', `Invalid value for: ${Object.keys(fields).join(', ')}`, {
      fields,
      requestId,
    })
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem('MALFORMED_JSON', 'The request body is not valid JSON.', { requestId })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return problem('PAYLOAD_TOO_LARGE', 'The request body is too large.', { requestId })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    // The multipart plugin says 406 for a body that is not multipart; it is the body's type that is wrong.
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return problem('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.', { requestId })
  }
  if (fe.statusCode === 429)
    return problem('RATE_LIMITED', 'Too many requests; try again later.', { requestId })
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return {
      ...problem('VALIDATION_FAILED', 'The request could not be understood.', { requestId }),
      status: fe.statusCode,
    }
  }
  return problem('INTERNAL', 'Something went wrong on our side. Please try again.', { requestId })
}

// What the router refuses before any route or error handler runs, in words a client can act on.
const ROUTER_REFUSALS: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The address has malformed percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
}

/**
 * Fastify's `frameworkErrors`. Without it a URL the router cannot read (a path parameter with malformed
 * percent-encoding or over the length limit) is answered in plain JSON naming the framework.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = ROUTER_REFUSALS[error.code]
  if (!refusal) request.log.error({ err: error }, 'request failed in the router')
  const body = refusal
    ? problem('VALIDATION_FAILED', refusal, { requestId: request.id })
    : problem('INTERNAL', 'Something went wrong on our side. Please try again.', { requestId: request.id })
  void reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body)
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const body = toProblem(error as Error, request.id)
    if (body.status >= 500) {
      request.log.error({ err: error, code: body.code }, 'request failed')
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
    }
    void reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const body = problem('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`, {
      requestId: request.id,
    })
    void reply.code(404).type(PROBLEM_CONTENT_TYPE).send(body)
  })
})
