import type { Readable } from 'node:stream'

/**
 * Private object storage for uploaded files (DESIGN §2 "files"): the local disk under DATA_DIR by default,
 * any S3-compatible store when configured. Keys are ours (never a fan's file name), and nothing here is
 * served publicly: a file is reached only through a signed, expiring link.
 */
export interface FileStore {
  readonly kind: 'local' | 's3'
  /**
   * A URL the browser PUTs the file to directly, valid until `expiresAt`, or null when the bytes come
   * through our own route instead (the local disk).
   */
  presignPut(key: string, contentType: string, expiresAt: Date, now: Date): Promise<string | null>
  /** A URL the browser downloads the file from directly, or null when our own route serves it. */
  presignGet(
    key: string,
    file: { fileName: string; contentType: string },
    expiresAt: Date,
    now: Date,
  ): Promise<string | null>
  /**
   * Stores a body under `key`, refusing with `TooLarge` past `maxBytes` (and leaving nothing behind).
   * Answers the number of bytes stored.
   */
  write(key: string, body: Readable | Uint8Array, maxBytes: number): Promise<number>
  /** The whole object, or null when there is none; `TooLarge` past `maxBytes` without reading it all. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>
  /** A stream of the object, or null when there is none. */
  open(key: string): Promise<Readable | null>
  /** Deletes the object; no object is not an error. */
  remove(key: string): Promise<void>
}

export class TooLarge extends Error {
  override readonly name = 'TooLarge'
}

/** Collects a stream into memory, giving up as soon as it passes `maxBytes`. */
export async function collect(body: Readable | AsyncIterable<Uint8Array>, maxBytes: number) {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    total += chunk.length
    if (total > maxBytes) {
      if ('destroy' in body && typeof body.destroy === 'function') body.destroy()
      throw new TooLarge(`more than ${maxBytes} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total)
}
