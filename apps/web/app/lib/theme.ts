import { cookieValue } from './cookie-value'

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
export const THEME_COOKIE = 'palco_theme'
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

/** The theme from a Cookie header; anything missing or malformed is the light default (spec §1). */
export function themeFromCookieHeader(cookieHeader: string | null | undefined): Theme {
  const value = cookieValue(cookieHeader, THEME_COOKIE)
  return isTheme(value) ? value : 'light'
}

export function parseTheme(value: unknown): Theme | null {
  return isTheme(value) ? value : null
}

export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}
