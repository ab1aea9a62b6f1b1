import { describe, expect, it } from 'vitest'
import { themeCookie, themeFromCookieHeader } from './theme'

describe('themeFromCookieHeader', () => {
  it.each([
    [undefined, 'light'],
    ['', 'light'],
    ['palco_theme=dark', 'dark'],
    ['a=1; palco_theme=dark; b=2', 'dark'],
    ['palco_theme=light', 'light'],
    ['palco_theme=purple', 'light'],
    ['palco_theme=', 'light'],
    ['palco_theme', 'light'],
    ['%%%;;;==', 'light'],
    ['xpalco_theme=dark', 'light'],
  ])('%s → %s', (header, expected) => {
    expect(themeFromCookieHeader(header)).toBe(expected)
  })

  it('writes a long-lived, Lax cookie, Secure on https', () => {
    expect(themeCookie('dark', false)).toMatch(/^palco_theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax$/)
    expect(themeCookie('dark', true)).toContain('; Secure')
  })
})
