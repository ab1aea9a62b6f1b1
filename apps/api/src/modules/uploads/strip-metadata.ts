/**
 * Removes the metadata a photo carries about its taker — EXIF (camera, GPS position, time), XMP, IPTC, text
 * chunks — from JPEG, PNG and WebP files, copying the image data itself untouched (no re-encoding: nothing
 * native, and no quality loss on a medical certificate). Anything after the image's end is dropped too: a
 * JPEG's trailing "multi-picture" images carry their own EXIF. A structure that does not parse throws
 * `UnreadableImage`, and the upload is refused rather than kept with what it may hide.
 */

export class UnreadableImage extends Error {
  override readonly name = 'UnreadableImage'
}

function fail(what: string): never {
  throw new UnreadableImage(what)
}

export type StrippableType = 'image/jpeg' | 'image/png' | 'image/webp'

export function stripImageMetadata(type: StrippableType, bytes: Uint8Array): Uint8Array {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes)
    case 'image/png':
      return stripPng(bytes)
    case 'image/webp':
      return stripWebp(bytes)
  }
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

// JPEG ------------------------------------------------------------------------------------------------------

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const APP0 = 0xe0
const APP2 = 0xe2
const APP14 = 0xee
const COM = 0xfe
/** RSTn, TEM: markers with no length field. */
const standalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01

/**
 * APP0 (JFIF), APP2 ICC_PROFILE (colours) and APP14 (Adobe: needed to decode CMYK/YCCK correctly) stay;
 * every other application segment (APP1 EXIF/XMP, APP13 IPTC/Photoshop, APP3–APP12, APP15, APP2 MPF) and
 * comments go.
 */
function keepJpegSegment(marker: number, body: Uint8Array): boolean {
  if (marker === COM) return false
  if (marker < APP0 || marker > 0xef) return true
  if (marker === APP0 || marker === APP14) return true
  if (marker === APP2) return ascii(body, 0, 12) === 'ICC_PROFILE\0'
  return false
}

const ascii = (b: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...b.subarray(from, Math.min(b.length, from + length)))

function stripJpeg(b: Uint8Array): Uint8Array {
  if (b[0] !== 0xff || b[1] !== SOI) fail('not a JPEG')
  const parts: Uint8Array[] = [b.subarray(0, 2)]
  let i = 2
  for (;;) {
    if (i >= b.length) fail('JPEG ends before its end marker')
    if (b[i] !== 0xff) fail('JPEG segment does not start with a marker')
    while (b[i] === 0xff && i < b.length) i++ // fill bytes before a marker
    const marker = b[i] ?? fail('JPEG ends inside a marker')
    i++
    if (marker === EOI) {
      parts.push(Uint8Array.of(0xff, EOI))
      return concat(parts)
    }
    if (standalone(marker)) {
      parts.push(Uint8Array.of(0xff, marker))
      continue
    }
    if (i + 2 > b.length) fail('JPEG segment length cut off')
    const length = ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)
    if (length < 2 || i + length > b.length) fail('JPEG segment overruns the file')
    const segment = b.subarray(i - 2, i + length)
    if (keepJpegSegment(marker, b.subarray(i + 2, i + length))) parts.push(segment)
    i += length
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart marker.
      const start = i
      while (i < b.length) {
        if (b[i] === 0xff) {
          const next = b[i + 1]
          if (next === undefined) fail('JPEG ends inside image data')
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            i += next === 0xff ? 1 : 2
            continue
          }
          break
        }
        i++
      }
      parts.push(b.subarray(start, i))
    }
  }
}

// PNG -------------------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Text (tEXt, zTXt, iTXt: XMP lives in iTXt), EXIF (eXIf) and the last-modified time (tIME). */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME'])

function stripPng(b: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((x, k) => b[k] === x)) fail('not a PNG')
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  const parts: Uint8Array[] = [b.subarray(0, 8)]
  let i = 8
  for (;;) {
    if (i + 12 > b.length) fail('PNG ends before IEND')
    const length = view.getUint32(i)
    const type = ascii(b, i + 4, 4)
    const end = i + 12 + length
    if (length > 0x7fffffff || end > b.length) fail('PNG chunk overruns the file')
    if (!PNG_METADATA.has(type)) parts.push(b.subarray(i, end))
    i = end
    if (type === 'IEND') return concat(parts)
  }
}

// WebP ------------------------------------------------------------------------------------------------------

const VP8X_EXIF = 0x08
const VP8X_XMP = 0x04

function stripWebp(b: Uint8Array): Uint8Array {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') fail('not a WebP')
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  const riffEnd = 8 + view.getUint32(4, true)
  if (riffEnd > b.length || riffEnd < 12) fail('WebP RIFF size overruns the file')
  const chunks: Uint8Array[] = []
  let i = 12
  while (i < riffEnd) {
    if (i + 8 > riffEnd) fail('WebP chunk header cut off')
    const type = ascii(b, i, 4)
    const size = view.getUint32(i + 4, true)
    const end = i + 8 + size + (size % 2)
    if (end > riffEnd) fail('WebP chunk overruns the file')
    if (type === 'VP8X') {
      if (size < 10) fail('WebP VP8X chunk too short')
      const copy = b.slice(i, end)
      // The header announces which chunks follow; it must not announce the ones removed.
      copy[8] = (copy[8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP) & 0xff
      chunks.push(copy)
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      chunks.push(b.subarray(i, end))
    }
    i = end
  }
  const body = concat(chunks)
  const header = new Uint8Array(12)
  header.set(b.subarray(0, 4))
  new DataView(header.buffer).setUint32(4, 4 + body.length, true)
  header.set(b.subarray(8, 12), 8)
  return concat([header, body])
}
