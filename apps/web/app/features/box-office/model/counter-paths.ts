/**
 * The box office's twins of the fans' checkout pages (issue 15 part 1): the same page under /assistant/. An
 * order that is paid, has failed or is waiting with nothing left to hand over ends on the sale's receipt,
 * which the counter reads for every outcome.
 */

const RECEIPT_RESULTS = /^\/checkout\/(successful_purchase|fail_purchase|pending)\?order=([0-9a-f-]{36})/i

export const isCounterPath = (pathname: string): boolean => pathname.startsWith('/assistant/')

export function counterPathOf(fanPath: string): string {
  const result = RECEIPT_RESULTS.exec(fanPath)
  if (result) return `/assistant/successful_purchase?sale=${result[2]}`
  // The checkout's entry (an event sold without a map: zones and quantities) is the counter's home.
  if (fanPath.startsWith('/checkout?')) return `/assistant${fanPath.slice('/checkout'.length)}`
  return fanPath.startsWith('/checkout/') ? `/assistant/${fanPath.slice('/checkout/'.length)}` : fanPath
}
