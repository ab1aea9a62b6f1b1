import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DomainError } from '@palco/domain/errors/domain-error'

/** Raster images only: an SVG can carry script, and these are shown on public pages. */
const TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** First bytes of each accepted format, so a renamed file cannot pass as an image. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
}

/**
 * Images are stored on local disk under DATA_DIR/uploads and served at /uploads/<file>. An S3-compatible
 * store would replace this one function; it is not wired yet (see docs/decisions.md).
 */
export async function saveImage(dir: string, mimetype: string, file: NodeJS.ReadableStream): Promise<string> {
  const ext = TYPES[mimetype]
  if (!ext)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { field: 'file', message: 'PNG, JPEG or WebP only.' })
  await fs.promises.mkdir(dir, { recursive: true })
  const name = `${randomUUID()}.${ext}`
  const target = path.join(dir, name)
  try {
    await pipeline(file, fs.createWriteStream(target))
  } catch (err) {
    await fs.promises.rm(target, { force: true })
    throw err
  }
  const head = Buffer.alloc(12)
  const fd = await fs.promises.open(target, 'r')
  await fd.read(head, 0, 12, 0)
  await fd.close()
  if (!SIGNATURES[ext]?.(head)) {
    await fs.promises.rm(target, { force: true })
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', {
      field: 'file',
      message: 'The file is not the image it claims to be.',
    })
  }
  return `/uploads/${name}`
}
