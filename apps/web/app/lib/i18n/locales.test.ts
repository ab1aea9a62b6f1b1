import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ERROR_CODES } from '@palco/domain/errors/domain-error'
import { VALIDATION_MESSAGES } from '@palco/domain/validation/validation'
import { describe, expect, it } from 'vitest'
import { NAMESPACES } from './config'

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales')
const read = (lng: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>

/** Leaf keys with i18next plural suffixes folded, so `x_one`/`x_other` count as `x`. */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  )
}

describe('locale files', () => {
  it.each(NAMESPACES)('es-CO and en-US have the same keys in %s', (ns) => {
    expect(new Set(keys(read('es-CO', ns)))).toEqual(new Set(keys(read('en-US', ns))))
  })

  it.each(['es-CO', 'en-US'])('%s translates every error code and field message', (lng) => {
    const errors = read(lng, 'errors') as { codes: Record<string, string>; fields: Record<string, string> }
    for (const code of ERROR_CODES) expect(errors.codes[code], code).toMatch(/\S/)
    for (const message of VALIDATION_MESSAGES) expect(errors.fields[message], message).toMatch(/\S/)
  })

  it.each(['es-CO', 'en-US'])('%s has no empty strings', (lng) => {
    for (const ns of NAMESPACES) {
      const walk = (o: unknown): void => {
        if (typeof o === 'string') expect(o.trim()).not.toBe('')
        else if (o && typeof o === 'object') Object.values(o).forEach(walk)
      }
      walk(read(lng, ns))
    }
  })
})
