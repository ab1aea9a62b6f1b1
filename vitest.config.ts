import { defineConfig } from 'vitest/config'

// One runner for every suite that needs no browser and no server of its own (DESIGN §7).
export default defineConfig({
  resolve: { conditions: ['@palco/source'] },
  ssr: { resolve: { conditions: ['@palco/source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
})
