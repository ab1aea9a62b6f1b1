import fs from 'node:fs'
import { prettyFactory } from 'pino-pretty'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { openTestApp, type TestApp } from '../test/test-app.js'
import { logFormat, logFormatOptions } from './log-format.js'
import { entryLine, prettyOptions } from './pretty-log.js'

const SECRET = 'a-production-secret-of-32-characters-at-least'

describe('log format', () => {
  it('is readable in development and JSON in production and tests, unless LOG_FORMAT says otherwise', () => {
    expect(logFormat(loadConfig({}))).toBe('pretty')
    expect(logFormat(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }))).toBe('json')
    expect(logFormat(loadConfig({ NODE_ENV: 'test' }))).toBe('json')
    expect(logFormat(loadConfig({ LOG_FORMAT: 'json' }))).toBe('json')
    expect(logFormat(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, LOG_FORMAT: 'pretty' }))).toBe(
      'pretty',
    )
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/)
  })

  it('pretty-prints through pino-pretty on standard output only, never into a stream the caller gave', () => {
    const dev = loadConfig({})
    expect(logFormatOptions(dev, false).transport?.target).toMatch(/pretty-log\.js$/)
    // pino loads the built file; its source sits beside this test.
    const target = logFormatOptions(dev, false).transport?.target ?? ''
    expect(fs.existsSync(target.replace(/\.js$/, '.ts'))).toBe(true)
    expect(logFormatOptions(dev, true)).toEqual({})
    expect(logFormatOptions(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }), false)).toEqual({})
  })
})

describe('a request in the development log', () => {
  let t: TestApp
  const lines: string[] = []
  beforeAll(async () => {
    t = await openTestApp('pglite', {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    })
  })
  afterAll(() => t.close())

  it('reads as one line when it arrives and one when it is answered, with its id, path and status', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'req-log-1' } })
    expect(res.statusCode).toBe(200)
    const pretty = prettyFactory({ ...prettyOptions, colorize: false })
    const shown = lines.filter((l) => l.includes('req-log-1')).map((l) => pretty(l))
    expect(shown).toHaveLength(2)
    expect(shown[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-log-1\] incoming request GET \/api\/health\n$/,
    )
    expect(shown[1]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-log-1\] request completed 200 in \d+\.\d ms\n$/,
    )
  })

  it('drops characters that would drive the terminal, from whatever a line shows', () => {
    expect(entryLine({ msg: 'login failed \u001b[2J', req: { method: 'GET', url: '/a\u0007' } })).toBe(
      'login failed [2J GET /a',
    )
  })
})
