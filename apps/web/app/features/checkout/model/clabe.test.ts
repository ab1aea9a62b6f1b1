import { describe, expect, it } from 'vitest'
import { formatClabe } from './clabe'

describe('formatClabe', () => {
  it.each([
    ['002180700123456789', '002 180 70012345678 9'],
    ['646180157000000004', '646 180 15700000000 4'],
    ['12345', '12345'],
    ['', ''],
  ])('%j → %j', (clabe, shown) => {
    expect(formatClabe(clabe)).toBe(shown)
  })
})
