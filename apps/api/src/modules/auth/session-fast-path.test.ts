import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signedSessionToken } from './session-fast-path.js'

const SECRET = 'a-test-secret-of-enough-length-0123456789'
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)

describe('signed session cookie', () => {
  it.each<[string, string | undefined, string | null | false]>([
    ['the session cookie', `theme=dark; user_session=${sign('tok123')}`, 'tok123'],
    ['the secure-prefixed cookie', `__Secure-user_session=${sign('tok123')}`, 'tok123'],
    ['no cookie header', undefined, null],
    ['other cookies only', 'theme=dark', null],
    ['another secret', `user_session=${sign('tok123', 'other-secret-0123456789-0123456789')}`, false],
    ['a changed token', `user_session=${sign('tok123').replace('tok123', 'tok124')}`, false],
    ['no signature', 'user_session=tok123', false],
    ['a broken escape', 'user_session=%E0%A4%A', false],
  ])('%s', (_, header, expected) => {
    expect(signedSessionToken(header, SECRET)).toBe(expected)
  })
})
