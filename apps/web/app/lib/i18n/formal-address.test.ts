import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { informalAddress } from '@palco/domain/locale/formal-address'
import { describe, expect, it } from 'vitest'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales/es-CO')

/** Every string of a locale file with its key path: `checkout.pay.secure` → its text. */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
}

// The Colombian site says "usted" everywhere (issue 13: a text that said "tú" read as another company's).
describe('es-CO addresses the fan as "usted"', () => {
  it.each(fs.readdirSync(dir).filter((f) => f.endsWith('.json')))('in %s', (file) => {
    const texts = strings(
      JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      file.replace(/\.json$/, ''),
    )
    const informal = texts
      .map(([key, text]) => ({ key, words: informalAddress(text) }))
      .filter((t) => t.words.length > 0)
    expect(informal).toEqual([])
  })
})
