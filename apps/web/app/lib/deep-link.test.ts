import { describe, expect, it, vi } from 'vitest'
import { openAppOrStore, STORE_FALLBACK_MS } from './deep-link'

const stores = { android: 'https://play.example/app', ios: 'https://apps.example/app' }
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Mobile'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'

function environment() {
  vi.useFakeTimers()
  const visited: string[] = []
  let hidden: (() => void) | null = null
  return {
    visited,
    hide: () => hidden?.(),
    env: {
      navigate: (url: string) => visited.push(url),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
      onHidden: (fn: () => void) => {
        hidden = fn
        return () => {
          hidden = null
        }
      },
    },
  }
}

describe('openAppOrStore', () => {
  it.each([
    [ANDROID, stores.android],
    [IPHONE, stores.ios],
  ])('falls back to the store after 500 ms on %s', (userAgent, store) => {
    const t = environment()
    openAppOrStore({ deepLink: 'palco://event/1', userAgent, stores, webFallback: '/' }, t.env)
    expect(t.visited).toEqual(['palco://event/1'])
    vi.advanceTimersByTime(STORE_FALLBACK_MS - 1)
    expect(t.visited).toEqual(['palco://event/1'])
    vi.advanceTimersByTime(1)
    expect(t.visited).toEqual(['palco://event/1', store])
    vi.useRealTimers()
  })

  it('stays put when the app opened (page hidden) before the timeout', () => {
    const t = environment()
    openAppOrStore({ deepLink: 'palco://x', userAgent: ANDROID, stores, webFallback: '/' }, t.env)
    t.hide()
    vi.advanceTimersByTime(2000)
    expect(t.visited).toEqual(['palco://x'])
    vi.useRealTimers()
  })

  it('sends desktops to the web page', () => {
    const t = environment()
    openAppOrStore(
      { deepLink: 'palco://x', userAgent: 'Mozilla/5.0 (X11; Linux)', stores, webFallback: '/e/1' },
      t.env,
    )
    expect(t.visited).toEqual(['/e/1'])
    vi.useRealTimers()
  })
})
