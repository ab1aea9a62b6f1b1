/**
 * Where "Buy tickets" leads: events sold off a seat map go to the stadium seat choice, the rest to the
 * checkout entry (spec §2 routes). Season passes with a map pick one seat for every match there too.
 */
export function checkoutPathOf(event: { slug: string; hasLayout: boolean }): string {
  const base = event.hasLayout ? '/checkout/stadium' : '/checkout'
  return `${base}?event=${encodeURIComponent(event.slug)}`
}
