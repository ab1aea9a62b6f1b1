import { describe, expect, it } from 'vitest'
import { locationText } from './location-text'

describe('locationText', () => {
  it.each([
    [[], ''],
    [
      [
        { key: 'section', value: '101' },
        { key: 'row', value: 'B' },
      ],
      'section 101 · row B',
    ],
  ] as const)('%j → %s', (parts, expected) => {
    expect(locationText(parts, (k) => k)).toBe(expected)
  })
})
