import { describe, expect, it } from 'vitest'
import { registrationHref } from './create-account-link'

describe('where "create an account" leads without the script', () => {
  it('opens the login page at its registration form, back to the page the dialog was opened on', () => {
    const href = registrationHref({ pathname: '/event/santa-fe', search: '?date=2026-12-01' })
    const url = new URL(href, 'http://palco.test')
    expect(url.pathname).toBe('/authorization/login')
    expect(url.searchParams.get('step')).toBe('registration')
    expect(url.searchParams.get('redirectTo')).toBe('/event/santa-fe?date=2026-12-01')
  })

  it('on the login page keeps where that page was going to lead', () => {
    const href = registrationHref({ pathname: '/authorization/login', search: '?redirectTo=%2Fmy-tickets' })
    const url = new URL(href, 'http://palco.test')
    expect(url.searchParams.get('redirectTo')).toBe('/my-tickets')
    expect(url.searchParams.get('step')).toBe('registration')
  })
})
