import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/my-tickets?tab=past', '/my-tickets?tab=past'],
    ['/assistant/buy#seats', '/assistant/buy#seats'],
    [' /profile ', '/profile'],
    ['/', '/'],
  ])('follows the same-site path %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  it.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['//evil.example/profile'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/authorization/login?redirectTo=/profile'],
    ['/authorization/operators'],
  ])('refuses %j', (input) => {
    expect(safeRedirect(input)).toBe('/')
    expect(safeRedirect(input, '/assistant')).toBe('/assistant')
  })
})
