/** How long the app gets to open before we send the visitor to the store (spec §2). */
export const STORE_FALLBACK_MS = 500

export type MobilePlatform = 'android' | 'ios' | 'other'

export function mobilePlatformOf(userAgent: string): MobilePlatform {
  if (/android/i.test(userAgent)) return 'android'
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios'
  return 'other'
}

interface DeepLinkEnvironment {
  navigate(url: string): void
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  /** Subscribes to the page being hidden (the app opened); returns an unsubscribe function. */
  onHidden(fn: () => void): () => void
}

/**
 * Tries the app's deep link and falls back to the platform's store after 500 ms unless the page was
 * hidden meanwhile (the app took over). Other platforms go straight to the web fallback.
 */
export function openAppOrStore(
  opts: {
    deepLink: string
    userAgent: string
    stores: { android: string; ios: string }
    webFallback: string
  },
  env: DeepLinkEnvironment,
): void {
  const platform = mobilePlatformOf(opts.userAgent)
  if (platform === 'other') {
    env.navigate(opts.webFallback)
    return
  }
  const store = platform === 'android' ? opts.stores.android : opts.stores.ios
  const timer = env.setTimeout(() => {
    unsubscribe()
    env.navigate(store)
  }, STORE_FALLBACK_MS)
  const unsubscribe = env.onHidden(() => {
    env.clearTimeout(timer)
    unsubscribe()
  })
  env.navigate(opts.deepLink)
}
