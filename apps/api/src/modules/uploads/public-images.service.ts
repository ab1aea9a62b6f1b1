import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { typeByContent } from './content-type.js'
import { collect, TooLarge } from './file-store.js'
import { localFileStore } from './local-store.js'

/** What a public image may be: each declared type it takes, with the extension it is stored under. */
export interface PublicImageRules {
  types: Readonly<Record<string, string>>
  maxBytes: number
}

export type PublicImageOutcome =
  | { ok: true; fileName: string }
  | { ok: false; reason: 'TYPE_NOT_ALLOWED' | 'TYPE_MISMATCH' | 'TOO_LARGE' }

/**
 * An image for public pages (the catalogue's event and tour pictures) through the upload pipeline: refused
 * unread when its declared type is not one of `rules.types`; read up to `rules.maxBytes`; kept only when its
 * bytes are that type (`typeByContent`), so a refused file never reaches the disk. Stored under `dir` with
 * a name of ours (never the uploader's), readable by whatever serves `dir` publicly.
 * Unlike a fan's form file its metadata stays: it is the organiser's own artwork, shown as uploaded (a
 * photo's EXIF orientation is what turns it the right way up on the page).
 */
export async function storePublicImage(
  dir: string,
  declared: string,
  body: Readable | NodeJS.ReadableStream,
  rules: PublicImageRules,
): Promise<PublicImageOutcome> {
  const extension = rules.types[declared]
  if (!extension) return { ok: false, reason: 'TYPE_NOT_ALLOWED' }
  let bytes: Uint8Array
  try {
    bytes = await collect(body as Readable, rules.maxBytes)
  } catch (err) {
    if (err instanceof TooLarge) return { ok: false, reason: 'TOO_LARGE' }
    throw err
  }
  const type = await typeByContent(bytes, declared, Object.keys(rules.types), { animatedPngAsPng: true })
  if (!type) return { ok: false, reason: 'TYPE_MISMATCH' }
  const fileName = `${randomUUID()}.${extension}`
  await localFileStore(dir, { fileMode: 0o644 }).write(fileName, bytes, rules.maxBytes)
  return { ok: true, fileName }
}
