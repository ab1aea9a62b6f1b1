import { describe, expect, it } from 'vitest'
import type { Layout } from './layout.js'
import { prepareLayoutDocument, prepareLayoutPublication } from './layout-document.js'
import { DEFAULT_SECTION_NAME } from './layout-vocabulary.js'

const layout = (sections: Layout['sections']): Layout => ({
  format: 'palco.layout',
  version: 1,
  kind: 'Classic',
  stage: { type: 'DEFAULT_STAGE', x: 300, y: 0, width: 200, height: 40, label: 'Escenario' },
  canvas: { width: 800, height: 600 },
  sections,
})
const zone = (code: string, name: string, capacity: number): Layout['sections'][number] => ({
  code,
  name,
  color: '#336699',
  disabled: false,
  zoneType: 'GRANDSTAND',
  numbered: false,
  capacity,
  viewDirection: 'NORTH',
  shape: { type: 'path', points: [10, 100, 700, 100, 700, 500, 10, 500] },
})

describe('prepareLayoutDocument', () => {
  it('gives the columns to store: the JSON text, the kind and the seat count', () => {
    const doc = layout([zone('GENERAL', 'General', 40)])
    const prepared = prepareLayoutDocument(doc, { publish: false })
    expect(prepared).toEqual({
      kind: 'ok',
      columns: { data: JSON.stringify(doc), kind: 'Classic', seat_count: 40 },
      problems: [],
    })
  })

  it('names the fields of a document that breaks the contract or the text rule', () => {
    expect(prepareLayoutDocument({ format: 'x' }, { publish: false })).toMatchObject({ kind: 'invalid' })
    const unsafe = layout([zone('GENERAL', '<img src=x onerror=alert(1)>', 40)])
    expect(prepareLayoutDocument(unsafe, { publish: false })).toEqual({
      kind: 'invalid',
      breaks: [{ field: 'data.sections.0.name', rule: 'UNSAFE_TEXT' }],
    })
  })

  it('publishing: errors block; the unused default section is left out', () => {
    const empty = layout([zone('GENERAL', DEFAULT_SECTION_NAME, 0)])
    expect(prepareLayoutDocument(empty, { publish: true })).toMatchObject({
      kind: 'unpublishable',
      problems: [{ code: 'NO_SELLABLE_PLACES' }],
    })
    const drawn = layout([zone('GENERAL', DEFAULT_SECTION_NAME, 0), zone('PISTA', 'Pista', 100)])
    const prepared = prepareLayoutPublication(JSON.stringify(drawn))
    if (prepared.kind !== 'ok') throw new Error(prepared.kind)
    expect(JSON.parse(prepared.columns.data).sections.map((s: { code: string }) => s.code)).toEqual(['PISTA'])
    // Nothing left out: the stored text is kept as it is.
    const text = JSON.stringify(layout([zone('PISTA', 'Pista', 100)]))
    expect(prepareLayoutPublication(text)).toMatchObject({
      kind: 'ok',
      columns: { data: text, seat_count: 100 },
    })
  })
})
