import { describe, expect, it } from 'vitest'
import { sectionLabel } from './seat-label'

describe('sectionLabel', () => {
  it.each([
    ['OCCIDENTAL_PREFERENCIAL_SECCION_104', 'Occidental Preferencial', '104'],
    ['ORIENTAL_ALTA-SECCION_101', 'Oriental Alta', '101'],
    ['ORIENTAL_ALTA-SECCION_101', null, '101'],
    ['OCCIDENTAL_PREFERENCIAL_SECCION_104', null, 'OCCIDENTAL PREFERENCIAL 104'],
    ['PLATEA_A', 'Platea', 'A'],
    ['GENERAL', 'Preferente', 'GENERAL'],
    ['NORTE_SECCIÓN_3', 'Norte', '3'],
    ['ZONA_Á_12', 'Zona A', '12'],
  ])('%s in %s → %s', (code, zone, label) => {
    expect(sectionLabel(code, zone)).toBe(label)
  })
})
