/**
 * One pay-button press cycle, one attempt (issue 6: a double-submitted pay button must not place two
 * orders). `begin` hands out the attempt's idempotency key, or null while an attempt is already running
 * (the second click of a double click). The key is reused only when the previous attempt's outcome is
 * unknown — the request never got an answer — so the server returns the order it may have made; after
 * any answer, even a refusal, the next press is a new attempt with a new key.
 */
export interface PayAttempts {
  begin(): string | null
  /** `answered`: the server replied (success or a problem); false when the network failed. */
  end(answered: boolean): void
  readonly running: boolean
}

export function payAttempts(newKey: () => string): PayAttempts {
  let running = false
  let pendingKey: string | null = null
  let current: string | null = null
  return {
    begin() {
      if (running) return null
      running = true
      current = pendingKey ?? newKey()
      pendingKey = null
      return current
    },
    end(answered: boolean) {
      if (!running) return
      running = false
      pendingKey = answered ? null : current
      current = null
    },
    get running() {
      return running
    },
  }
}
