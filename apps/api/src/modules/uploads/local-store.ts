import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { collect, type FileStore, TooLarge } from './file-store.js'

/**
 * Files on the local disk under `root` (DATA_DIR/private-uploads): never under DATA_DIR/uploads, which the
 * catalogue serves publicly. Writes go to a temporary name and are renamed into place, so a reader never
 * sees half a file and an aborted upload leaves nothing under its key. Files are the process's own
 * (`fileMode` 0600) unless they are meant to be served publicly (the catalogue's images, 0644).
 */
export function localFileStore(root: string, opts: { fileMode?: number } = {}): FileStore {
  const mode = opts.fileMode ?? 0o600
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    const full = path.resolve(base, key)
    // Keys are built by the service from UUIDs; this only guards against a future mistake.
    if (!full.startsWith(base + path.sep)) throw new Error(`upload key escapes the store: ${key}`)
    return full
  }
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT'

  return {
    kind: 'local',
    presignPut: async () => null,
    presignGet: async () => null,

    async write(key, body, maxBytes) {
      const target = fileOf(key)
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.${randomUUID()}.part`
      let total = 0
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length
          if (total > maxBytes) done(new TooLarge(`more than ${maxBytes} bytes`))
          else done(null, chunk)
        },
      })
      const source = body instanceof Uint8Array ? Readable.from([body]) : body
      try {
        await pipeline(source, limit, fs.createWriteStream(temp, { flags: 'wx', mode }))
        await fs.promises.rename(temp, target)
      } catch (err) {
        await fs.promises.rm(temp, { force: true })
        throw err
      }
      return total
    },

    async read(key, maxBytes) {
      const file = fileOf(key)
      try {
        const stat = await fs.promises.stat(file)
        if (stat.size > maxBytes) throw new TooLarge(`${stat.size} bytes`)
        return await collect(fs.createReadStream(file), maxBytes)
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },

    async open(key) {
      const file = fileOf(key)
      try {
        const handle = await fs.promises.open(file, 'r')
        return handle.createReadStream()
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },

    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true })
    },
  }
}
