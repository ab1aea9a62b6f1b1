import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { collect, type FileStore, TooLarge } from './file-store.js'

export interface S3Settings {
  bucket: string
  region: string
  endpoint?: string | undefined
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  forcePathStyle: boolean
}

const seconds = (expiresAt: Date, now: Date) =>
  Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000))

/** RFC 6266 filename* so an accented or quoted fan's file name cannot break the header. */
export const attachmentDisposition = (fileName: string) => {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

const absent = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/**
 * Any S3-compatible store (AWS, MinIO, R2; s3rver in the tests). The bucket stays private: the browser PUTs
 * to a presigned URL and downloads through a presigned GET that forces a download. S3 cannot cap a presigned
 * PUT's size or make it single-use, so the server's checks happen on complete, on a copy under a key no URL
 * was ever signed for (see uploads.service.ts).
 */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: a presigned PUT from a browser carries none, and several
    // S3-compatible stores reject the trailing-checksum uploads the SDK would otherwise send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket

  return {
    kind: 's3',
    presignPut: (key, contentType, expiresAt, now) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: seconds(expiresAt, now),
      }),
    presignGet: (key, file, expiresAt, now) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(file.fileName),
          ResponseContentType: file.contentType,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: seconds(expiresAt, now) },
      ),

    async write(key, body, maxBytes) {
      const bytes = body instanceof Uint8Array ? body : await collect(body as Readable, maxBytes)
      if (bytes.length > maxBytes) throw new TooLarge(`${bytes.length} bytes`)
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }))
      return bytes.length
    },

    async read(key, maxBytes) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        if ((head.ContentLength ?? 0) > maxBytes) throw new TooLarge(`${head.ContentLength} bytes`)
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!got.Body) return null
        return await collect(got.Body as Readable, maxBytes)
      } catch (err) {
        if (absent(err)) return null
        throw err
      }
    },

    async open(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return (got.Body as Readable | undefined) ?? null
      } catch (err) {
        if (absent(err)) return null
        throw err
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}
