import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { JPEG, jpegWithMetadata, PNG, pdfOfSize, SVG, WEBP } from '../../test/upload-files.js'
import { storePublicImage } from './public-images.service.js'

/** The catalogue's images through the upload pipeline: the same content rule as a fan's form file. */
describe('public images', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-public-images-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const rules = {
    types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' },
    maxBytes: 1024 * 1024,
  }
  const store = (declared: string, bytes: Buffer) =>
    storePublicImage(dir, declared, Readable.from([bytes]), rules)
  const files = () => fs.readdirSync(dir)

  it.each([
    ['image/png', PNG, 'png'],
    ['image/jpeg', JPEG, 'jpg'],
    ['image/webp', WEBP, 'webp'],
  ])(
    'keeps a %s as it came, under a name of ours, readable by the server of the folder',
    async (type, bytes, ext) => {
      const stored = await store(type, bytes)
      if (!stored.ok) throw new Error(stored.reason)
      expect(stored.fileName).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`))
      const file = path.join(dir, stored.fileName)
      expect(fs.readFileSync(file).equals(bytes)).toBe(true)
      expect(fs.statSync(file).mode & 0o044).toBe(0o044)
    },
  )

  it('keeps a photo’s metadata (its orientation turns it the right way up on the page)', async () => {
    const photo = jpegWithMetadata()
    const stored = await store('image/jpeg', photo)
    if (!stored.ok) throw new Error(stored.reason)
    expect(fs.readFileSync(path.join(dir, stored.fileName)).equals(photo)).toBe(true)
  })

  it('refuses, writing nothing, a type it does not take and bytes that are not the declared type', async () => {
    const before = files()
    expect(await store('image/svg+xml', SVG)).toEqual({ ok: false, reason: 'TYPE_NOT_ALLOWED' })
    expect(await store('image/png', pdfOfSize(2000))).toEqual({ ok: false, reason: 'TYPE_MISMATCH' })
    expect(await store('image/png', JPEG)).toEqual({ ok: false, reason: 'TYPE_MISMATCH' })
    expect(await store('image/png', Buffer.from('<script>'))).toEqual({ ok: false, reason: 'TYPE_MISMATCH' })
    expect(await store('image/png', Buffer.alloc(rules.maxBytes + 1))).toEqual({
      ok: false,
      reason: 'TOO_LARGE',
    })
    expect(files()).toEqual(before)
  })
})
