import { crc32 } from 'node:zlib'

/**
 * Small real files for the upload tests: an 8×8 JPEG and a 2×2 PNG as an encoder wrote them, a 1×1 lossless
 * WebP, and builders that add the metadata a phone camera writes (EXIF with a GPS position, XMP, IPTC).
 */

export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AO4TSf8AZrxa/HH94+bo8H/3T//Z',
  'base64',
)

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWOsAAIGIGBigAIAHUYB5EJhtKUAAAAASUVORK5CYII=',
  'base64',
)

/** What a leak would look like: the place the photo was taken. */
export const SECRET = 'GPS 4.6097N 74.0817W Bogota'

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4)
  head[0] = 0xff
  head[1] = marker
  head.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([head, body])
}

/** The JPEG with APP1 EXIF and XMP, APP13 IPTC and a comment after its JFIF header, and bytes after its end. */
export function jpegWithMetadata(jpeg = JPEG): Buffer {
  const jfifEnd = 4 + jpeg.readUInt16BE(4)
  const tiff = Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.from(SECRET)])
  return Buffer.concat([
    jpeg.subarray(0, jfifEnd),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${SECRET}</x:xmpmeta>`, 'latin1')),
    segment(0xed, Buffer.from(`Photoshop 3.0\0 8BIM ${SECRET}`, 'latin1')),
    segment(0xfe, Buffer.from(SECRET)),
    jpeg.subarray(jfifEnd),
    Buffer.from(`trailing ${SECRET}`),
  ])
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** The PNG with tEXt, iTXt, zTXt, eXIf and tIME chunks after IHDR. */
export function pngWithMetadata(png = PNG): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8)
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    chunk('tEXt', Buffer.from(`Comment\0${SECRET}`, 'latin1')),
    chunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${SECRET}`, 'latin1')),
    chunk('zTXt', Buffer.from('Author\0\0x', 'latin1')),
    chunk('eXIf', Buffer.from(`MM\0*${SECRET}`, 'latin1')),
    chunk('tIME', Buffer.from([7, 234, 1, 2, 3, 4, 5])),
    png.subarray(ihdrEnd),
  ])
}

const riffChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8)
  head.write(type, 0, 'latin1')
  head.writeUInt32LE(data.length, 4)
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
}

/** 1×1 lossless image data (VP8L). */
const VP8L = Buffer.from('2f00000010071011118888fe07', 'hex')

const riff = (chunks: Buffer[]) => {
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(12)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(4 + body.length, 4)
  head.write('WEBP', 8, 'latin1')
  return Buffer.concat([head, body])
}

export const WEBP = riff([riffChunk('VP8L', VP8L)])

/** An extended WebP (VP8X header announcing EXIF and XMP) with both chunks. */
export function webpWithMetadata(): Buffer {
  const vp8x = Buffer.alloc(10)
  vp8x[0] = 0x08 | 0x04
  return riff([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', VP8L),
    riffChunk('EXIF', Buffer.from(`MM\0*${SECRET}`, 'latin1')),
    riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${SECRET}</x:xmpmeta>`)),
  ])
}

/** A PDF of exactly `size` bytes (a comment pads it). */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%')
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail])
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
)
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
