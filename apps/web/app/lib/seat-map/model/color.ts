/** Minimal colour arithmetic for highlight effects; only hex colours are mixed, others pass through. */
export type Rgb = [number, number, number]

export function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  if (!m) return null
  let hex = m[1] as string
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('')
  const n = Number.parseInt(hex, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** `rgb(1, 2, 3)` / `rgba(1, 2, 3, 0.5)` as a canvas normalises colours it cannot write as hex. */
export function parseRgbFunction(color: string): Rgb | null {
  const m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`

/** `a` mixed towards `b` by `t` (0 = a, 1 = b); `a` unchanged if either is not a hex colour. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a)
  const cb = parseHex(b)
  if (!ca || !cb) return a
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t])
}

export function withAlpha(color: string, alpha: number): string {
  const c = parseHex(color)
  if (!c) return color
  return `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${Math.max(0, Math.min(1, alpha))})`
}
