import type { EventDetail } from '@palco/domain/catalog/event-detail'
import type { Locale } from '@palco/domain/locale/country'
import { absoluteUrl } from '../model/event-json-ld'

const DESCRIPTION_MAX = 200

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`
}

/**
 * Title, description, canonical link and Open Graph / Twitter tags for link previews. React hoists these
 * into <head> on the server render, so crawlers see them without running scripts.
 */
export function EventLinkPreview(props: {
  event: EventDetail
  origin: string
  locale: Locale
  title: string
  /** The page's own address when it is not the event page (an inscription's sign-up page). */
  path?: string
}) {
  const { event, origin } = props
  const url = absoluteUrl(origin, props.path ?? `/events/${encodeURIComponent(event.slug)}`)
  const image = absoluteUrl(origin, event.imageUrl ?? '/images/placeholder.svg')
  const description = shorten(event.description || event.name)
  return (
    <>
      <title>{props.title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {event.visibility !== 'ALL' && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Palco" />
      <meta property="og:locale" content={props.locale.replace('-', '_')} />
      <meta property="og:title" content={event.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={event.name} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={event.name} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  )
}
