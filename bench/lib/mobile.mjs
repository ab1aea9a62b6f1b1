// @ts-check
// Headless Chromium as a mid-range phone: Debian's browser, and Lighthouse's mobile profile
// (lighthouse/core/config/constants.js: mobileSlow4G, screenEmulationMetrics.mobile, userAgents.mobile).

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
/** Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up (bytes per second). */
export const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
/** Lighthouse's mobile CPU: 4× slower than the machine (`Emulation.setCPUThrottlingRate`). */
export const MOBILE_CPU_SLOWDOWN = 4
/** Lighthouse's mobile screen and user agent, as a playwright-core context's options. */
export const MOBILE_CONTEXT = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36',
}
