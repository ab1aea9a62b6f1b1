import type { LocationPart } from '@palco/domain/tickets/location'

/** "Zona Oriental · Sección 101 · Fila B · Silla 12": one line, labels translated by the caller. */
export const locationText = (parts: readonly LocationPart[], label: (key: LocationPart['key']) => string) =>
  parts.map((p) => `${label(p.key)} ${p.value}`).join(' · ')
