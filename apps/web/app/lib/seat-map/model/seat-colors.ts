import { isSeatBlocked, isSeatSelectable, type SeatState } from '@palco/domain/seating/seat-states'
import { VISUAL_STATES } from './place-codes'

export type ColorScheme = 'light' | 'dark'

/** Colours the map uses besides the zone colours, per theme. Grey means "not for you" in both. */
export interface SeatPalette {
  background: string
  selected: string
  selectedRing: string
  reserved: string
  reservedRing: string
  takenByAnother: string
  unavailable: string
  soldOutSection: string
  sectionStroke: string
  label: string
  labelHalo: string
  stage: string
  stageText: string
  hoverRing: string
}

const PALETTES: Record<ColorScheme, SeatPalette> = {
  light: {
    background: '#f8f9fa',
    selected: '#212529',
    selectedRing: '#212529',
    reserved: '#fab005',
    reservedRing: '#212529',
    takenByAnother: '#adb5bd',
    unavailable: '#dee2e6',
    soldOutSection: '#ced4da',
    sectionStroke: '#495057',
    label: '#ffffff',
    labelHalo: 'rgba(0, 0, 0, 0.55)',
    stage: '#2b8a3e',
    stageText: '#ffffff',
    hoverRing: '#000000',
  },
  dark: {
    background: '#1a1b1e',
    selected: '#f8f9fa',
    selectedRing: '#f8f9fa',
    reserved: '#fcc419',
    reservedRing: '#f8f9fa',
    takenByAnother: '#5c5f66',
    unavailable: '#373a40',
    soldOutSection: '#42454b',
    sectionStroke: '#adb5bd',
    label: '#ffffff',
    labelHalo: 'rgba(0, 0, 0, 0.7)',
    stage: '#2b8a3e',
    stageText: '#ffffff',
    hoverRing: '#ffffff',
  },
}

export const paletteFor = (scheme: ColorScheme): SeatPalette => PALETTES[scheme]

/**
 * Fill colour of a seat in a given state (spec §4). AVAILABLE takes the zone's colour; the fan's selection
 * and own hold are the two strong, distinct colours; everything not for sale is grey. NOT_SEAT is not drawn.
 */
export function seatColorOf(state: SeatState, zoneColor: string, palette: SeatPalette): string | null {
  switch (state) {
    case 'AVAILABLE':
      return zoneColor
    case 'SELECTED':
      return palette.selected
    case 'RESERVED':
      return palette.reserved
    case 'RESERVED_BY_ANOTHER':
      return palette.takenByAnother
    case 'UNAVAILABLE':
    case 'IN_CART':
    case 'READ':
      return palette.unavailable
    case 'NOT_SEAT':
      return null
  }
}

/** Colour per visual code, for the renderer's batches. */
export function visualColors(zoneColor: string, palette: SeatPalette): string[] {
  return VISUAL_STATES.map((s) => seatColorOf(s, zoneColor, palette) ?? 'transparent')
}

/** Spec §4: a tap acts only on selectable seats; blocked ones (IN_CART, UNAVAILABLE) never react. */
export const canToggle = (state: SeatState): boolean => isSeatSelectable(state) && !isSeatBlocked(state)
