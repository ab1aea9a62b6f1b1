import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import {
  JPEG,
  jpegWithMetadata,
  PNG,
  pngWithMetadata,
  SECRET,
  WEBP,
  webpWithMetadata,
} from '../../test/upload-files.js'
import { stripImageMetadata, UnreadableImage } from './strip-metadata.js'

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1')

/** JPEG markers in order, up to the start of the image data. */
function jpegMarkers(b: Uint8Array): string[] {
  const out: string[] = []
  let i = 2
  while (i < b.length && b[i] === 0xff) {
    const m = b[i + 1] ?? 0
    out.push(m.toString(16))
    if (m === 0xda) break
    i += 2 + (((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0))
  }
  return out
}

describe('stripImageMetadata', () => {
  it('drops EXIF, XMP, IPTC, comments and trailing bytes from a JPEG and keeps the image as it was', async () => {
    const dirty = jpegWithMetadata()
    expect(text(dirty)).toContain(SECRET)
    const clean = stripImageMetadata('image/jpeg', dirty)
    expect(text(clean)).not.toContain(SECRET)
    expect(text(clean)).not.toContain('Exif')
    expect(Buffer.from(clean).equals(JPEG)).toBe(true)
    expect(jpegMarkers(clean)).toEqual(jpegMarkers(JPEG))
    expect((await fileTypeFromBuffer(clean))?.mime).toBe('image/jpeg')
  })

  it('leaves a JPEG without metadata byte for byte', () => {
    expect(Buffer.from(stripImageMetadata('image/jpeg', JPEG)).equals(JPEG)).toBe(true)
  })

  it('drops tEXt, iTXt, zTXt, eXIf and tIME chunks from a PNG', async () => {
    const clean = stripImageMetadata('image/png', pngWithMetadata())
    expect(text(clean)).not.toContain(SECRET)
    expect(Buffer.from(clean).equals(PNG)).toBe(true)
    expect((await fileTypeFromBuffer(clean))?.mime).toBe('image/png')
  })

  it('drops EXIF and XMP chunks from a WebP and stops announcing them in its header', async () => {
    const clean = stripImageMetadata('image/webp', webpWithMetadata())
    expect(text(clean)).not.toContain(SECRET)
    expect(text(clean)).toContain('VP8X')
    expect((clean[20] ?? 0) & 0x0c).toBe(0)
    expect(Buffer.from(clean).readUInt32LE(4)).toBe(clean.length - 8)
    expect((await fileTypeFromBuffer(clean))?.mime).toBe('image/webp')
    expect(Buffer.from(stripImageMetadata('image/webp', WEBP)).equals(WEBP)).toBe(true)
  })

  it.each([
    ['image/jpeg', JPEG.subarray(0, 200)],
    ['image/jpeg', Buffer.from('%PDF-1.4')],
    ['image/png', PNG.subarray(0, 30)],
    ['image/webp', WEBP.subarray(0, 20)],
  ] as const)('refuses a cut or foreign %s', (type, bytes) => {
    expect(() => stripImageMetadata(type, bytes)).toThrow(UnreadableImage)
  })
})
