import { splitSectionCode } from '@palco/domain/tickets/location'

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The section's own name for a cart line or ticket: spec §3's tidying of the code (underscores to spaces,
 * SECCION removed, the zone part split off), and the zone's words dropped when the line already names
 * its zone — "OCCIDENTAL_PREFERENCIAL_SECCION_104" in zone "Occidental Preferencial" reads "104".
 */
export function sectionLabel(sectionCode: string, zoneName: string | null): string {
  const { section } = splitSectionCode(sectionCode)
  if (!zoneName) return section
  const zone = fold(zoneName)
  const folded = fold(section)
  if (zone && folded.startsWith(`${zone} `))
    return section.slice(section.length - (folded.length - zone.length - 1)).trim()
  return section
}
