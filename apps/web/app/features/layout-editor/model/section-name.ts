import { DEFAULT_SECTION_NAME } from '@palco/domain/seating/layout-vocabulary'

/**
 * A section's name as the editor shows it. The default section's stored name stays "Sin Sección" (spec
 * §3), in every country and in every layout.json; the English site shows its own words for it.
 */
export const sectionNameText = (name: string, defaultName: string): string =>
  name === DEFAULT_SECTION_NAME ? defaultName : name
