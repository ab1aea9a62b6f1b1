import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from './api-client'
import { prefetchCode, prefetchPathsOf, takePrefetched } from './prefetch'

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })

/** Runs the inline script as the browser would while the page is parsed, with its own `fetch`. */
function runInlineScript(paths: string[], answer: (path: string) => Response) {
  const early = vi.fn((path: string) => Promise.resolve(answer(path)))
  vi.stubGlobal('window', { fetch: early })
  new Function(prefetchCode(paths))()
  return early
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('data a page starts before its script loads', () => {
  it('is asked for once, with the same credentials and headers as apiRequest', () => {
    const early = runInlineScript(['/api/seats?eventId=a'], () => json({}))
    expect(early).toHaveBeenCalledTimes(1)
    expect(early).toHaveBeenCalledWith('/api/seats?eventId=a', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  })

  it('answers the first apiRequest for its path, and only the first', async () => {
    runInlineScript(['/api/seats?eventId=a'], () => json({ version: 1 }))
    const later = vi.fn(async () => json({ version: 2 }))
    vi.stubGlobal('fetch', later)
    expect(await apiRequest('/api/seats?eventId=a')).toEqual({ version: 1 })
    expect(later).not.toHaveBeenCalled()
    expect(await apiRequest('/api/seats?eventId=a')).toEqual({ version: 2 })
    expect(later).toHaveBeenCalledTimes(1)
  })

  it('is not used for another path, a write, or after it has gone stale', async () => {
    runInlineScript(['/api/seats?eventId=a'], () => json({ version: 1 }))
    const later = vi.fn(async () => json({ version: 2 }))
    vi.stubGlobal('fetch', later)
    expect(await apiRequest('/api/seats?eventId=b')).toEqual({ version: 2 })
    expect(await apiRequest('/api/seats?eventId=a', { method: 'POST', body: {} })).toEqual({ version: 2 })
    expect(takePrefetched('/api/seats?eventId=a', Date.now() + 60_000)).toBeNull()
    expect(takePrefetched('/api/seats?eventId=a')).toBeNull()
  })

  it('falls back to asking again when the early request failed', async () => {
    vi.stubGlobal('window', { fetch: () => Promise.reject(new TypeError('offline')) })
    new Function(prefetchCode(['/api/seats?eventId=a']))()
    const later = vi.fn(async () => json({ version: 2 }))
    vi.stubGlobal('fetch', later)
    expect(await apiRequest('/api/seats?eventId=a')).toEqual({ version: 2 })
  })

  it('cannot close the script element it is written into', () => {
    expect(prefetchCode(['/api/x?q=</script><script>alert(1)'])).not.toContain('</script>')
  })
})

describe('the paths a page prefetches', () => {
  it("come from the matched routes' handles and loader data, in route order", () => {
    const matches = [
      { handle: undefined, loaderData: { country: 'CO' } },
      {
        handle: { prefetch: (d: { id: string }) => [`/api/a/${d.id}`, `/api/b/${d.id}`] },
        loaderData: { id: '7' },
      },
      // A route whose loader threw has no data: nothing to ask for.
      { handle: { prefetch: () => ['/api/never'] }, loaderData: undefined },
    ]
    expect(prefetchPathsOf(matches)).toEqual(['/api/a/7', '/api/b/7'])
  })
})
