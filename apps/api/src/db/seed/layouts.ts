// Pure generators for the demo seat maps stored in `layouts.data` (the layout.json format of spec §3).
// Coordinates are integers on the layout's own canvas: a 42,000-seat stadium is stored as one jsonb value,
// so seats are `[seatNumber, x, y]` tuples rather than objects, which keeps it well under a megabyte.

import {
  countSeats as countLayoutSeats,
  flattenSections,
  type Layout,
  type LayoutRow,
  type LayoutSection,
  type SeatCounts,
  type SeatTuple,
} from '@palco/domain/seating/layout'

// The layout.json types are the domain's (packages/domain/src/seating/layout.ts); these generators only fill them.
export type { LayoutRow, LayoutSection, SeatCounts, SeatTuple }
export type LayoutJson = Layout
export type LayoutStage = Layout['stage']
export type LayoutKind = Layout['kind']
export type StageType = LayoutStage['type']
export type ZoneType = LayoutSection['zoneType']
export type ViewDirection = LayoutSection['viewDirection']

export interface GeneratedLayout {
  data: LayoutJson
  /** Places a fan can buy: numbered seats plus unnumbered grandstand capacity (parking excluded). */
  seatCount: number
}

export type LayoutLanguage = 'es' | 'en'

export const countSeats = (layout: Pick<LayoutJson, 'sections'>): SeatCounts => countLayoutSeats(layout)

/** Every section code in the layout, nested ones included. */
export const sectionCodes = (layout: Pick<LayoutJson, 'sections'>): string[] =>
  flattenSections(layout.sections).map((s) => s.code)

// ---------------------------------------------------------------------------------------------------------
// Geometry

type Vec = readonly [number, number]

const SQRT1_2 = Math.SQRT1_2

const DIRECTION_VECTORS: Record<ViewDirection, Vec> = {
  NORTH: [0, -1],
  SOUTH: [0, 1],
  EAST: [1, 0],
  WEST: [-1, 0],
  NORTH_EAST: [SQRT1_2, -SQRT1_2],
  NORTH_WEST: [-SQRT1_2, -SQRT1_2],
  SOUTH_EAST: [SQRT1_2, SQRT1_2],
  SOUTH_WEST: [-SQRT1_2, SQRT1_2],
}

interface Block {
  /** Centre of the edge nearest the stage/pitch. */
  front: Vec
  /** Where the seats look; rows grow the opposite way. */
  facing: ViewDirection
  seatsPerRow: number
  rows: number
  seatGap: number
  rowGap: number
  rowLabels: 'NUMBER' | 'LETTER'
}

const letterLabel = (i: number): string => {
  // A…Z, then AA, BB… as theatres do, so labels stay short and never collide.
  const letter = String.fromCharCode(65 + (i % 26))
  return letter.repeat(Math.floor(i / 26) + 1)
}

/**
 * Lays out a rectangular block of seats. Seat 1 is at the fan's left when facing the stage, row 1 (or A)
 * nearest it, which is how tickets are read at the gate.
 */
function seatBlock(b: Block): { rows: LayoutRow[]; polygon: number[] } {
  const [fx, fy] = DIRECTION_VECTORS[b.facing]
  const away: Vec = [-fx, -fy]
  // Right-hand side of someone facing (fx, fy) on a y-down canvas.
  const right: Vec = [-fy, fx]
  const rows: LayoutRow[] = []
  for (let r = 0; r < b.rows; r++) {
    const depth = b.rowGap / 2 + r * b.rowGap
    const seats: SeatTuple[] = []
    for (let s = 0; s < b.seatsPerRow; s++) {
      const along = (s - (b.seatsPerRow - 1) / 2) * b.seatGap
      seats.push([
        s + 1,
        Math.round(b.front[0] + away[0] * depth + right[0] * along),
        Math.round(b.front[1] + away[1] * depth + right[1] * along),
      ])
    }
    rows.push({ label: b.rowLabels === 'NUMBER' ? String(r + 1) : letterLabel(r), seats })
  }
  return {
    rows,
    polygon: rectPolygon(b.front, away, right, (b.seatsPerRow * b.seatGap) / 2, b.rows * b.rowGap),
  }
}

function rectPolygon(front: Vec, away: Vec, right: Vec, halfWidth: number, depth: number): number[] {
  const corner = (w: number, d: number) => [
    Math.round(front[0] + right[0] * w + away[0] * d),
    Math.round(front[1] + right[1] * w + away[1] * d),
  ]
  return [
    ...corner(-halfWidth, 0),
    ...corner(halfWidth, 0),
    ...corner(halfWidth, depth),
    ...corner(-halfWidth, depth),
  ]
}

/** Moves everything so the drawing starts at the margin, and sizes the canvas to fit. */
function fitToCanvas(stage: LayoutStage, sections: LayoutSection[], margin: number) {
  let minX = stage.x
  let minY = stage.y
  let maxX = stage.x + stage.width
  let maxY = stage.y + stage.height
  for (const s of sections) {
    const p = s.shape.points
    for (let i = 0; i < p.length; i += 2) {
      minX = Math.min(minX, p[i] as number)
      maxX = Math.max(maxX, p[i] as number)
      minY = Math.min(minY, p[i + 1] as number)
      maxY = Math.max(maxY, p[i + 1] as number)
    }
  }
  const dx = margin - minX
  const dy = margin - minY
  for (const s of sections) {
    s.shape.points = s.shape.points.map((v, i) => v + (i % 2 === 0 ? dx : dy))
    for (const row of s.rows ?? []) {
      for (const seat of row.seats) {
        seat[1] += dx
        seat[2] += dy
      }
    }
  }
  return {
    stage: { ...stage, x: stage.x + dx, y: stage.y + dy },
    canvas: { width: Math.ceil(maxX - minX + 2 * margin), height: Math.ceil(maxY - minY + 2 * margin) },
  }
}

// ---------------------------------------------------------------------------------------------------------
// Stadium

const STAND_NAMES: Record<string, Record<LayoutLanguage, string>> = {
  OCCIDENTAL: { es: 'Occidental', en: 'West' },
  ORIENTAL: { es: 'Oriental', en: 'East' },
  NORTE: { es: 'Norte', en: 'North' },
  SUR: { es: 'Sur', en: 'South' },
  ESQUINA: { es: 'Esquina', en: 'Corner' },
  PARQUEADERO: { es: 'Parqueadero', en: 'Parking' },
}

const TIER_NAMES: Record<string, Record<LayoutLanguage, string>> = {
  PREFERENCIAL: { es: 'Preferencial', en: 'Preferred' },
  GENERAL: { es: 'General', en: 'General' },
  ALTA: { es: 'Alta', en: 'Upper' },
  POPULAR: { es: 'Popular', en: 'Standing' },
  PALCO: { es: 'Palco', en: 'Box' },
  NOROCCIDENTAL: { es: 'Noroccidental', en: 'North-West' },
  NORORIENTAL: { es: 'Nororiental', en: 'North-East' },
  SURORIENTAL: { es: 'Suroriental', en: 'South-East' },
  SUROCCIDENTAL: { es: 'Suroccidental', en: 'South-West' },
  VEHICULOS: { es: 'Vehículos', en: 'Cars' },
}

const TIER_COLORS: Record<string, string> = {
  PALCO: '#c92a2a',
  PREFERENCIAL: '#e8590c',
  GENERAL: '#1c7ed6',
  ALTA: '#2f9e44',
  NOROCCIDENTAL: '#7048e8',
  NORORIENTAL: '#7048e8',
  SURORIENTAL: '#7048e8',
  SUROCCIDENTAL: '#7048e8',
  POPULAR: '#f08c00',
  VEHICULOS: '#868e96',
}

// Codes follow the ticket-location convention of spec §3: `<STAND>_<TIER>_SECCION_<NUMBER>`, so the zone part
// (e.g. "OCCIDENTAL GENERAL") and the section part ("101") can be read back off a ticket.
function sectionName(stand: string, tier: string, number: string, lang: LayoutLanguage): string {
  const word = lang === 'es' ? 'Sección' : 'Section'
  const standName = STAND_NAMES[stand]?.[lang] ?? stand
  const tierName = TIER_NAMES[tier]?.[lang] ?? tier
  return `${[standName, tierName].filter(Boolean).join(' ')} · ${word} ${number}`
}

const SEAT_GAP = 6
const ROW_GAP = 7
const SECTION_WIDTH = 30 * SEAT_GAP
const AISLE = 18
const PITCH = { width: 700, height: 1080 }
const PITCH_CLEARANCE = 40
const CONCOURSE = 30
const LOWER_ROWS = 34
const UPPER_ROWS = 32
const CORNER_ROWS = 30
const POPULAR_CAPACITY = 3400
const PARKING_CAPACITY = 1500

export interface StadiumOptions {
  /** Language of section names and the pitch label; codes stay the same in every language. */
  lang?: LayoutLanguage
}

/**
 * A football stadium around a north–south pitch: long stands Occidental and Oriental (two numbered tiers),
 * Norte and Sur behind the goals (standing lower tier for the supporters' groups, numbered upper tier), four
 * numbered corners, hospitality boxes at the top of Occidental and a car park south of the ground.
 */
export function generateStadiumLayout(options: StadiumOptions = {}): GeneratedLayout {
  const lang = options.lang ?? 'es'
  const sections: LayoutSection[] = []
  const halfW = PITCH.width / 2
  const halfH = PITCH.height / 2

  const numbered = (
    stand: string,
    tier: string,
    number: string,
    block: Omit<Block, 'seatGap' | 'rowGap' | 'rowLabels'> & Partial<Pick<Block, 'seatGap' | 'rowGap'>>,
  ) => {
    const { rows, polygon } = seatBlock({ seatGap: SEAT_GAP, rowGap: ROW_GAP, rowLabels: 'NUMBER', ...block })
    sections.push({
      code: `${stand}_${tier}_SECCION_${number}`,
      name: sectionName(stand, tier, number, lang),
      color: TIER_COLORS[tier] ?? '#1c7ed6',
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: true,
      viewDirection: block.facing,
      shape: { type: 'path', points: polygon },
      rows,
    })
  }

  const unnumbered = (
    stand: string,
    tier: string,
    number: string,
    zoneType: ZoneType,
    capacity: number,
    facing: ViewDirection,
    points: number[],
  ) => {
    sections.push({
      code: `${stand}_${tier}_SECCION_${number}`,
      name: sectionName(stand, tier, number, lang),
      color: TIER_COLORS[tier] ?? '#868e96',
      disabled: false,
      zoneType,
      numbered: false,
      capacity,
      viewDirection: facing,
      shape: { type: 'path', points },
    })
  }

  const lowerDepth = LOWER_ROWS * ROW_GAP
  const upperFront = PITCH_CLEARANCE + lowerDepth + CONCOURSE
  const upperDepth = UPPER_ROWS * ROW_GAP
  // Section centres along a stand, symmetric about the halfway line.
  const offsets = (n: number) =>
    Array.from({ length: n }, (_, i) => (i - (n - 1) / 2) * (SECTION_WIDTH + AISLE))

  // Long stands: 6 sections per tier, numbered 1xx (lower) and 2xx (upper) so the tier reads off the number.
  const longStands = [
    { stand: 'OCCIDENTAL', facing: 'EAST' as const, sign: -1, lower: 101, upper: 201 },
    { stand: 'ORIENTAL', facing: 'WEST' as const, sign: 1, lower: 111, upper: 211 },
  ]
  for (const { stand, facing, sign, lower, upper } of longStands) {
    // Walk the stand from north to south so section numbers rise the same way on both sides.
    offsets(6).forEach((y, i) => {
      numbered(stand, 'PREFERENCIAL', String(lower + i), {
        front: [sign * (halfW + PITCH_CLEARANCE), y],
        facing,
        seatsPerRow: 30,
        rows: LOWER_ROWS,
      })
      numbered(stand, 'GENERAL', String(upper + i), {
        front: [sign * (halfW + upperFront), y],
        facing,
        seatsPerRow: 30,
        rows: UPPER_ROWS,
      })
    })
  }

  const boxFront = halfW + upperFront + upperDepth + 20
  const boxWidth = 24 * SEAT_GAP
  ;[-1, 1].forEach((side, i) => {
    numbered('OCCIDENTAL', 'PALCO', String(401 + i), {
      front: [-boxFront, side * (boxWidth + AISLE) * 0.5],
      facing: 'EAST',
      seatsPerRow: 24,
      rows: 4,
      rowGap: 8,
    })
  })

  // Ends: a standing "popular" lower tier (the barras) and a numbered upper tier.
  const ends = [
    { stand: 'NORTE', facing: 'SOUTH' as const, sign: -1, popular: 121, upper: 221 },
    { stand: 'SUR', facing: 'NORTH' as const, sign: 1, popular: 131, upper: 231 },
  ]
  const endHalfWidth = 2 * (SECTION_WIDTH + AISLE) - AISLE / 2
  for (const { stand, facing, sign, popular, upper } of ends) {
    const near = sign * (halfH + PITCH_CLEARANCE)
    const far = sign * (halfH + PITCH_CLEARANCE + lowerDepth)
    unnumbered(stand, 'POPULAR', String(popular), 'GRANDSTAND', POPULAR_CAPACITY, facing, [
      -endHalfWidth,
      near,
      endHalfWidth,
      near,
      endHalfWidth,
      far,
      -endHalfWidth,
      far,
    ])
    const xs = offsets(4)
    // Section numbers rise from the fan's left to right, as seat numbers do.
    xs.forEach((x, i) => {
      numbered(stand, 'ALTA', String(upper + i), {
        front: [sign === 1 ? x : -x, sign * (halfH + upperFront)],
        facing,
        seatsPerRow: 30,
        rows: UPPER_ROWS,
      })
    })
  }

  // Corners sit on the diagonals, far enough out that their front edge clears both neighbouring stands.
  const cornerSetback = 125
  const corners = [
    { tier: 'NOROCCIDENTAL', facing: 'SOUTH_EAST' as const, sx: -1, sy: -1, n: 301 },
    { tier: 'NORORIENTAL', facing: 'SOUTH_WEST' as const, sx: 1, sy: -1, n: 302 },
    { tier: 'SURORIENTAL', facing: 'NORTH_WEST' as const, sx: 1, sy: 1, n: 303 },
    { tier: 'SUROCCIDENTAL', facing: 'NORTH_EAST' as const, sx: -1, sy: 1, n: 304 },
  ]
  for (const { tier, facing, sx, sy, n } of corners) {
    numbered('ESQUINA', tier, String(n), {
      front: [sx * (halfW + cornerSetback), sy * (halfH + cornerSetback)],
      facing,
      seatsPerRow: 30,
      rows: CORNER_ROWS,
    })
  }

  const parkingTop = halfH + upperFront + upperDepth + 50
  unnumbered('PARQUEADERO', 'VEHICULOS', 'P1', 'PARKING', PARKING_CAPACITY, 'NORTH', [
    -halfW,
    parkingTop,
    halfW,
    parkingTop,
    halfW,
    parkingTop + 200,
    -halfW,
    parkingTop + 200,
  ])

  const { stage, canvas } = fitToCanvas(
    {
      type: 'DEFAULT_STAGE',
      x: -halfW,
      y: -halfH,
      width: PITCH.width,
      height: PITCH.height,
      label: lang === 'es' ? 'Cancha' : 'Pitch',
    },
    sections,
    40,
  )
  const data: LayoutJson = { format: 'palco.layout', version: 1, kind: 'Classic', stage, canvas, sections }
  return { data, seatCount: countSeats(data).total }
}

// ---------------------------------------------------------------------------------------------------------
// Theatre

export interface TheatreOptions {
  lang?: LayoutLanguage
}

/**
 * An Italian-style theatre on the default 800×600 canvas (spec §9): a platea split by two aisles and a
 * balcony behind it, lettered rows, stage at the top.
 */
export function generateTheatreLayout(options: TheatreOptions = {}): GeneratedLayout {
  const lang = options.lang ?? 'es'
  const gap = 14
  const aisle = 24
  const names: Record<string, Record<LayoutLanguage, string>> = {
    PLATEA: { es: 'Platea', en: 'Orchestra' },
    BALCON: { es: 'Balcón', en: 'Balcony' },
    IZQUIERDA: { es: 'izquierda', en: 'left' },
    CENTRO: { es: 'centro', en: 'centre' },
    DERECHA: { es: 'derecha', en: 'right' },
  }
  const colors: Record<string, string> = { PLATEA: '#e8590c', BALCON: '#1c7ed6' }
  const sections: LayoutSection[] = []

  const area = (
    zone: 'PLATEA' | 'BALCON',
    frontY: number,
    rows: number,
    widths: [number, number, number],
  ) => {
    const [left, centre, right] = widths
    const centreHalf = (centre * gap) / 2
    const parts = [
      {
        part: 'IZQUIERDA',
        seats: left,
        x: 400 - centreHalf - aisle - (left * gap) / 2,
        facing: 'NORTH_EAST',
      },
      { part: 'CENTRO', seats: centre, x: 400, facing: 'NORTH' },
      {
        part: 'DERECHA',
        seats: right,
        x: 400 + centreHalf + aisle + (right * gap) / 2,
        facing: 'NORTH_WEST',
      },
    ] as const
    for (const p of parts) {
      // Geometry faces north for every block; the diagonal view direction only tells fans the angle.
      const { rows: seatRows, polygon } = seatBlock({
        front: [p.x, frontY],
        facing: 'NORTH',
        seatsPerRow: p.seats,
        rows,
        seatGap: gap,
        rowGap: gap,
        rowLabels: 'LETTER',
      })
      sections.push({
        code: `${zone}_SECCION_${p.part}`,
        name: `${names[zone]?.[lang]} ${names[p.part]?.[lang]}`,
        color: colors[zone] ?? '#1c7ed6',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: true,
        viewDirection: p.facing,
        shape: { type: 'path', points: polygon },
        rows: seatRows,
      })
    }
  }

  area('PLATEA', 110, 18, [8, 16, 8])
  area('BALCON', 110 + 18 * gap + 40, 6, [10, 16, 10])

  const stage: LayoutStage = {
    type: 'NUMBERED_STAGE',
    x: 200,
    y: 20,
    width: 400,
    height: 60,
    label: lang === 'es' ? 'Escenario' : 'Stage',
  }
  const data: LayoutJson = {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage,
    canvas: { width: 800, height: 600 },
    sections,
  }
  return { data, seatCount: countSeats(data).total }
}
