import { describe, expect, it } from 'vitest'
import { dedupeById } from './dedupe.js'

type Item = { id?: string | number | null; name: string }

describe('dedupeById (spec §3: keep the first)', () => {
  it.each<[string, Item[], Item[]]>([
    ['empty', [], []],
    [
      'no duplicates',
      [
        { id: 'a', name: '1' },
        { id: 'b', name: '2' },
      ],
      [
        { id: 'a', name: '1' },
        { id: 'b', name: '2' },
      ],
    ],
    [
      'keeps the first of each id, in order',
      [
        { id: 'a', name: 'first a' },
        { id: 'b', name: 'first b' },
        { id: 'a', name: 'second a' },
        { id: 'c', name: 'c' },
        { id: 'b', name: 'second b' },
      ],
      [
        { id: 'a', name: 'first a' },
        { id: 'b', name: 'first b' },
        { id: 'c', name: 'c' },
      ],
    ],
    [
      'number and string ids differ',
      [
        { id: 1, name: 'n' },
        { id: '1', name: 's' },
      ],
      [
        { id: 1, name: 'n' },
        { id: '1', name: 's' },
      ],
    ],
    [
      'items without an id are kept',
      [{ name: 'x' }, { id: null, name: 'y' }, { name: 'x' }],
      [{ name: 'x' }, { id: null, name: 'y' }, { name: 'x' }],
    ],
  ])('%s', (_name, items, expected) => {
    expect(dedupeById(items)).toEqual(expected)
  })

  it('does not change its input', () => {
    const items = [{ id: 'a' }, { id: 'a' }]
    dedupeById(items)
    expect(items).toHaveLength(2)
  })
})
