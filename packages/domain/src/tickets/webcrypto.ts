/**
 * The slice of WebCrypto the ticket codes use, typed here because the domain compiles without DOM or Node
 * types (DESIGN §4.1). At run time it is `globalThis.crypto.subtle`, present in Node 20 and every browser.
 */

/** An opaque key handle (WebCrypto's CryptoKey). */
export interface TicketCryptoKey {
  readonly type: string
  readonly algorithm: unknown
}

type Bytes = Uint8Array<ArrayBuffer>
type Algorithm = string | { name: string; hash?: string }

export interface Subtle {
  digest(algorithm: string, data: Bytes): Promise<ArrayBuffer>
  importKey(
    format: 'raw' | 'pkcs8',
    keyData: Bytes,
    algorithm: Algorithm,
    extractable: boolean,
    usages: ('sign' | 'verify')[],
  ): Promise<TicketCryptoKey>
  sign(algorithm: Algorithm, key: TicketCryptoKey, data: Bytes): Promise<ArrayBuffer>
  verify(algorithm: Algorithm, key: TicketCryptoKey, signature: Bytes, data: Bytes): Promise<boolean>
  /** Tests and tools only: the server's key pair comes from its configuration. */
  generateKey(algorithm: Algorithm, extractable: boolean, usages: ('sign' | 'verify')[]): Promise<unknown>
}

export type TicketKeyPair = { privateKey: TicketCryptoKey; publicKey: TicketCryptoKey }

interface Runtime {
  crypto: { subtle: Subtle }
  btoa(data: string): string
  atob(data: string): string
  TextEncoder: new () => { encode(input: string): Bytes }
}

export const runtime = (): Runtime => globalThis as unknown as Runtime
