/**
 * An image chosen from the manager's computer, embedded in the layout as a data URL: the layout contract
 * accepts only same-site paths and embedded PNG, JPEG or WebP images (no other hosts), and there is no
 * upload store for layout images. The size limit keeps the document, which travels whole on every save,
 * reasonable.
 */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
const TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

export type ImageRead =
  | { ok: true; src: string; width: number; height: number }
  | { ok: false; reason: 'TYPE' | 'TOO_LARGE' | 'UNREADABLE' }

export async function readImageFile(file: File): Promise<ImageRead> {
  if (!TYPES.has(file.type)) return { ok: false, reason: 'TYPE' }
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, reason: 'TOO_LARGE' }
  const src = await new Promise<string | null>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null)
    reader.onerror = () => resolve(null)
    reader.readAsDataURL(file)
  })
  if (!src) return { ok: false, reason: 'UNREADABLE' }
  const size = await new Promise<{ width: number; height: number } | null>((resolve) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = () => resolve(null)
    img.src = src
  })
  if (!size || size.width === 0) return { ok: false, reason: 'UNREADABLE' }
  return { ok: true, src, ...size }
}

/**
 * The background drawn at its opacity. The renderer draws shapes opaque, so the image is baked once,
 * per source and opacity, onto a transparent canvas at that opacity (same-site or embedded images only,
 * so the canvas is never tainted). Null while loading or when the image cannot be read.
 */
const baked = new Map<string, string>()

export function bakeOpacity(src: string, opacity: number): Promise<string | null> {
  if (opacity >= 0.999) return Promise.resolve(src)
  const key = `${opacity.toFixed(2)}|${src}`
  const hit = baked.get(key)
  if (hit) return Promise.resolve(hit)
  return new Promise((resolve) => {
    const img = new Image()
    img.onload = () => {
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const ctx = canvas.getContext('2d')
      if (!ctx) return resolve(null)
      ctx.globalAlpha = opacity
      ctx.drawImage(img, 0, 0)
      try {
        const out = canvas.toDataURL('image/png')
        // One baked copy per image is enough: the opacity slider would otherwise pile them up.
        for (const k of baked.keys()) if (k.endsWith(`|${src}`)) baked.delete(k)
        baked.set(key, out)
        resolve(out)
      } catch {
        resolve(null)
      }
    }
    img.onerror = () => resolve(null)
    img.src = src
  })
}
