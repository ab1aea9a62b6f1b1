import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = process.env.E2E_DATA_DIR ?? `e2e/.artifacts/data-${port}`

/**
 * Debian's headless shell when it is installed (package chromium-headless-shell, as CI does): the same engine
 * without the browser's own interface, for about a third less CPU per journey on CI's two cores. Else the
 * whole of Debian's Chromium. Benchmarks that measure rendering keep the whole browser (bench/lib/mobile.mjs).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * Journeys run against the built server (`npm run build` first) in Debian's Chromium; no browser is
 * downloaded. With E2E_DATABASE_URL the server uses that PostgreSQL, else a fresh PGlite folder.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Per port, so journeys run side by side on other ports (E2E_PORT) do not wipe each other's results.
  outputDir: port === 3100 ? '.artifacts/results' : `.artifacts/results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node apps/api/dist/server.js`,
    cwd: '..',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Production refuses to boot without a session secret; this one only signs the journeys' throwaway sessions.
      AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? 'e2e-only-session-secret-not-for-production-0123456789',
      // Journeys read the mails and SMS the server would send from the development outbox.
      DEV_OUTBOX: 'true',
      // Checkout journeys mark sandbox vouchers and transfers paid through its development endpoints.
      SANDBOX_DEV_ENDPOINTS: 'true',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      // E2E_DATABASE_URL may be a transaction-mode PgBouncer; LISTEN then needs the server itself.
      ...(process.env.E2E_DIRECT_DATABASE_URL
        ? { DATABASE_DIRECT_URL: process.env.E2E_DIRECT_DATABASE_URL }
        : {}),
    },
  },
})
