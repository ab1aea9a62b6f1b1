import type { EventDetail } from '@palco/domain/catalog/event-detail'
import type { Country } from '@palco/domain/locale/country'
import { eventJsonLd, jsonLdText } from '../model/event-json-ld'

/**
 * schema.org Event for search engines. It carries the page's CSP nonce: it is data, not code, but a strict
 * policy and some auditors flag any inline script without one.
 */
export function EventJsonLd(props: { event: EventDetail; origin: string; country: Country; nonce?: string }) {
  const json = jsonLdText(eventJsonLd(props.event, { origin: props.origin, country: props.country }))
  return (
    <script
      type="application/ld+json"
      nonce={props.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON (jsonLdText), not markup.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
