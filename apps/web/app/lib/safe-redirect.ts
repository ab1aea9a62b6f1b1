/**
 * `redirectTo` arrives in the URL, so anyone can write it: only a path on this same site is followed,
 * never another origin (`//evil.example`, `/\evil.example`, `https:…`), and never back into a login page,
 * which would loop. Anything else falls back.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback
  const to = value.trim()
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn "/\t/evil" into "//evil".
  if ([...to].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback
  let url: URL
  try {
    url = new URL(to, 'http://same.site')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://same.site') return fallback
  if (url.pathname.startsWith('/authorization/')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
