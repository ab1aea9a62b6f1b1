import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import {
  fromBase64Url,
  importSigningKey,
  importVerifyKey,
  type TicketCryptoKey,
  toBase64Url,
} from '@palco/domain/tickets/qr-code'
import type { Db } from '../../db/dialect.js'
import { keptValue } from '../app-meta/app-meta.service.js'

/**
 * The Ed25519 key pair that signs STATIC_ENCRYPTED and DYNAMIC_ENCRYPTED codes. TICKET_SIGNING_KEY (a
 * base64url PKCS#8 private key) wins when set, as production should; otherwise, like the dev auth secret,
 * one pair is generated on first use and kept in app_meta so codes survive a restart. Gates get only the
 * public half (GET /api/checkin/offline-package).
 */
export interface SigningKeys {
  privateKey: TicketCryptoKey
  publicKey: TicketCryptoKey
  publicRaw: string
}

const META_KEY = 'ticket_signing_key'
const cache = new WeakMap<Db, Promise<SigningKeys>>()

function pairFromPkcs8(pkcs8: Uint8Array): { publicRaw: Uint8Array } {
  const priv = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' })
  const spki = createPublicKey(priv).export({ format: 'der', type: 'spki' })
  // An Ed25519 SPKI is a fixed 12-byte header followed by the 32-byte key.
  return { publicRaw: new Uint8Array(spki.subarray(spki.length - 32)) }
}

/** A new Ed25519 private key, PKCS#8 in base64url, for the first start of an instance. */
function newPrivateKey(): string {
  const pair = generateKeyPairSync('ed25519')
  return toBase64Url(new Uint8Array(pair.privateKey.export({ format: 'der', type: 'pkcs8' })))
}

async function load(db: Db): Promise<SigningKeys> {
  let pkcs8: Uint8Array | null = process.env.TICKET_SIGNING_KEY
    ? fromBase64Url(process.env.TICKET_SIGNING_KEY)
    : null
  if (!pkcs8) {
    // Two processes starting together keep the first one's key; a key already stored makes no new pair.
    pkcs8 = fromBase64Url(await keptValue(db, META_KEY, newPrivateKey))
    if (!pkcs8) throw new Error('stored ticket signing key is not base64url')
  }
  const { publicRaw } = pairFromPkcs8(pkcs8)
  return {
    privateKey: await importSigningKey(pkcs8),
    publicKey: await importVerifyKey(publicRaw),
    publicRaw: toBase64Url(publicRaw),
  }
}

export function signingKeys(db: Db): Promise<SigningKeys> {
  let keys = cache.get(db)
  if (!keys) {
    keys = load(db)
    cache.set(db, keys)
    keys.catch(() => cache.delete(db))
  }
  return keys
}
