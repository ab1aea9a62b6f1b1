import { describe, expect, it } from 'vitest'

// entry.client.tsx turns zod's JIT off (our CSP forbids new Function) by writing zod's global configuration
// before zod loads, so that pages without forms need not load zod at all. This pins that mechanism.
describe("zod's configuration set before zod loads", () => {
  it('is adopted by zod', async () => {
    const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }
    const before = zodGlobal.__zod_globalConfig
    zodGlobal.__zod_globalConfig = { ...before, jitless: true }
    try {
      const { z } = await import('zod')
      expect(z.config().jitless).toBe(true)
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
    } finally {
      if (before) zodGlobal.__zod_globalConfig = before
    }
  })
})
