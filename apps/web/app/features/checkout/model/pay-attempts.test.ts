import { describe, expect, it } from 'vitest'
import { payAttempts } from './pay-attempts'

const keys = () => {
  let n = 0
  return () => `key-${++n}`
}

describe('payAttempts', () => {
  it('ignores a second press while the first is running (double click)', () => {
    const attempts = payAttempts(keys())
    expect(attempts.begin()).toBe('key-1')
    expect(attempts.begin()).toBeNull()
    expect(attempts.running).toBe(true)
  })

  it('retries with the same key when the network failed (the order may exist)', () => {
    const attempts = payAttempts(keys())
    expect(attempts.begin()).toBe('key-1')
    attempts.end(false)
    expect(attempts.begin()).toBe('key-1')
    attempts.end(false)
    expect(attempts.begin()).toBe('key-1')
  })

  it('starts a new attempt after any answer', () => {
    const attempts = payAttempts(keys())
    attempts.begin()
    attempts.end(true)
    expect(attempts.begin()).toBe('key-2')
    attempts.end(false)
    expect(attempts.begin()).toBe('key-2')
    attempts.end(true)
    expect(attempts.begin()).toBe('key-3')
  })

  it('an end without a begin changes nothing', () => {
    const attempts = payAttempts(keys())
    attempts.end(false)
    expect(attempts.begin()).toBe('key-1')
  })
})
