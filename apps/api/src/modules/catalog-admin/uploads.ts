import { DomainError } from '@palco/domain/errors/domain-error'
import { storePublicImage } from '../uploads/public-images.service.js'

/** Raster images only: an SVG can carry script, and these are shown on public pages. */
const TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/**
 * The catalogue's images (issue 4 part 3) go through the upload pipeline (uploads/public-images.service.ts):
 * a declared type of these three, bytes of that type, at most 5 MB. They are stored on local disk under
 * DATA_DIR/uploads and served at /uploads/<file>; an S3-compatible store is not wired for them yet (see
 * docs/decisions.md).
 */
export async function saveImage(dir: string, mimetype: string, file: NodeJS.ReadableStream): Promise<string> {
  const stored = await storePublicImage(dir, mimetype, file, { types: TYPES, maxBytes: MAX_IMAGE_BYTES })
  if (stored.ok) return `/uploads/${stored.fileName}`
  switch (stored.reason) {
    case 'TYPE_NOT_ALLOWED':
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { field: 'file', message: 'PNG, JPEG or WebP only.' })
    case 'TYPE_MISMATCH':
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', {
        field: 'file',
        message: 'The file is not the image it claims to be.',
      })
    case 'TOO_LARGE':
      throw new DomainError('PAYLOAD_TOO_LARGE', { field: 'file', message: 'The image is larger than 5 MB.' })
  }
}
