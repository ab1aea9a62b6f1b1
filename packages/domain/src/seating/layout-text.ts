import type { Layout } from './layout.js'

/**
 * The one rule for the texts a layout carries (section names, row labels, the stage label, shape texts,
 * keys) and its image sources, applied alike to a document saved from the editor and to an imported
 * file: a layout the editor saved must import again from its own export, and an import must refuse what
 * a save would. The seat map and the editor draw these texts for other people, and the database stores
 * them as json.
 */
export type LayoutTextReason = 'UNSAFE_TEXT' | 'FOREIGN_IMAGE' | 'UNSTORABLE_TEXT'

export interface LayoutTextProblem {
  reason: LayoutTextReason
  /** Keys from the document's root, e.g. ['sections', 0, 'name']. */
  at: PropertyKey[]
  /** English detail for logs; the UI translates the reason. */
  message: string
}

// Markup that would run or restyle if a name ever reached innerHTML or an attribute: a tag, a comment or
// declaration, a script URL, an inline event handler.
const MARKUP = /<[a-z!/?]|\bon[a-z]+\s*=/i
// Browsers drop whitespace and control characters inside a URL scheme ("java\tscript:").
const SCRIPT_URL = /(?:java|vb)script:/i
const IGNORED_IN_SCHEME = /[\s\p{Cc}]+/gu

export const isUnsafeText = (s: string) => MARKUP.test(s) || SCRIPT_URL.test(s.replace(IGNORED_IN_SCHEME, ''))

// PostgreSQL's json refuses NUL (`unsupported Unicode escape sequence`) and a UTF-16 surrogate without its
// partner (`invalid input syntax for type json`). In `u` mode a well-formed pair is one code point, so
// \p{Cs} matches only lone halves.
const LONE_SURROGATE = /\p{Cs}/u
export const isUnstorableText = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s)

// Same-site paths only ('/uploads/a.png'; not '//host' nor '/\host', which browsers read as another
// host), or inline raster images. No SVG: it can carry script.
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u
const DATA_IMAGE = /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/

export const isSafeImageSource = (src: string) => SAME_SITE_PATH.test(src) || DATA_IMAGE.test(src)

// shapes[i].src or background.src.
const isImageSourcePath = (path: readonly PropertyKey[]) =>
  (path.length === 2 && path[0] === 'shapes') || (path.length === 1 && path[0] === 'background')

function textProblem(s: string, at: PropertyKey[], what: string): LayoutTextProblem | null {
  if (isUnstorableText(s))
    return { reason: 'UNSTORABLE_TEXT', at, message: `a NUL or a broken Unicode character in a ${what}` }
  if (isUnsafeText(s)) return { reason: 'UNSAFE_TEXT', at, message: `markup or a script URL in a ${what}` }
  return null
}

/**
 * The first text or key that cannot be stored or is unsafe to draw, or image source from another site,
 * in document order; null when there is none. Seats are numbers only and are not walked, so a
 * 500,000-seat document is checked in the time of its few thousand names. The layout's depth is bounded
 * by its schema (or by the import's own check), so the recursion is too.
 */
export function findLayoutTextProblem(layout: Layout): LayoutTextProblem | null {
  const walk = (value: unknown, path: PropertyKey[]): LayoutTextProblem | null => {
    if (typeof value === 'string') return textProblem(value, path, 'text')
    if (value === null || typeof value !== 'object') return null
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value)
    for (const [key, child] of entries) {
      const at = [...path, key]
      const keyProblem = typeof key === 'string' ? textProblem(key, at, 'key') : null
      if (keyProblem) return keyProblem
      if (key === 'src' && typeof child === 'string' && isImageSourcePath(path)) {
        const bad = isUnstorableText(child) || !isSafeImageSource(child)
        if (bad) return { reason: 'FOREIGN_IMAGE', at, message: 'images must be same-site paths' }
        continue
      }
      if (key === 'seats' && Array.isArray(child)) continue
      const found = walk(child, at)
      if (found) return found
    }
    return null
  }
  return walk(layout, [])
}
