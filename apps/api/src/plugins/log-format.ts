import { fileURLToPath } from 'node:url'
import type { Config } from '../config.js'

export type LogFormat = 'json' | 'pretty'

/** JSON for machines (production, tests, benchmarks, log shippers); one readable line per event in development. */
export const logFormat = (c: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>): LogFormat =>
  c.LOG_FORMAT ?? (c.NODE_ENV === 'development' ? 'pretty' : 'json')

/**
 * The part of Fastify's logger options that picks the format. Pretty printing runs in pino's worker thread,
 * so it is only asked for when the log goes to standard output: a caller's own stream (tests) stays JSON.
 */
export function logFormatOptions(
  c: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>,
  ownStream: boolean,
): { transport?: { target: string } } {
  if (ownStream || logFormat(c) === 'json') return {}
  return { transport: { target: fileURLToPath(new URL('./pretty-log.js', import.meta.url)) } }
}
