import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the local provider fakes share: injected slowness and failures (so adapters meet timeouts and 5xx
 * as they would in production), and listening on a free loopback port.
 */
export class FakeFaults {
  delayMs = 0
  private failures = 0
  private status = 500

  setDelay(ms: number): void {
    this.delayMs = ms
  }

  failNext(count = 1, status = 500): void {
    this.failures = count
    this.status = status
  }

  /** Waits out the delay; returns the status to fail this request with, or null to answer normally. */
  async before(): Promise<number | null> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    if (this.failures <= 0) return null
    this.failures--
    return this.status
  }

  /** The `/__fake/delay` and `/__fake/fail` controls, for a test in another process. */
  control(path: string, record: Record<string, unknown>): Record<string, unknown> | null {
    if (path === '/__fake/delay') {
      this.setDelay(Number(record.ms ?? 0))
      return { delayMs: this.delayMs }
    }
    if (path === '/__fake/fail') {
      this.failNext(Number(record.count ?? 1), Number(record.status ?? 500))
      return { failures: this.failures, status: this.status }
    }
    return null
  }
}

/** Listens on a free loopback port; `close` also drops kept-alive connections. */
export async function listenLocal(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
