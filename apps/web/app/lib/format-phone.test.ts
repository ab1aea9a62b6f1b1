import { describe, expect, it } from 'vitest'
import { formatPhone } from './format-phone'

describe('formatPhone', () => {
  it.each([
    ['+57', '3002223344', '+57 300 2223344'],
    ['+52', '5512345678', '+52 55 1234 5678'],
    ['+57', '12345', '+57 12345'],
    [null, '3002223344', '300 2223344'],
    ['+57', null, ''],
  ] as const)('%s %s → %s', (prefix, national, shown) => {
    expect(formatPhone(prefix, national)).toBe(shown)
  })
})
