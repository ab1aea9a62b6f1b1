import type { Layout, LayoutRow, LayoutSection } from '@palco/domain/seating/layout'
import type { HighlightAnimation, ViewDirection } from '@palco/domain/seating/layout-vocabulary'

/**
 * A deterministic 100,000-seat venue for the seat-map benchmark: the demo stadium's construction
 * (apps/api/src/db/seed/layouts.ts: rectangular seat blocks facing the pitch, numbered rows, aisles) scaled
 * up to three numbered tiers all round, rotated corner blocks, a concert floor of unnumbered zones in front
 * of a stage on the pitch, and a car park. Same `layout.json` format the product stores.
 */

type Vec = readonly [number, number]

const S = Math.SQRT1_2
const DIRECTION: Record<ViewDirection, Vec> = {
  NORTH: [0, -1],
  SOUTH: [0, 1],
  EAST: [1, 0],
  WEST: [-1, 0],
  NORTH_EAST: [S, -S],
  NORTH_WEST: [-S, -S],
  SOUTH_EAST: [S, S],
  SOUTH_WEST: [-S, S],
}

const SEAT_GAP = 6
const ROW_GAP = 7
const SEATS_PER_ROW = 30
const ROWS = 35
const AISLE = 18
const CONCOURSE = 30
const CLEARANCE = 40
const SECTION_WIDTH = SEATS_PER_ROW * SEAT_GAP
const TIER_DEPTH = ROWS * ROW_GAP
const TIERS = ['BAJA', 'MEDIA', 'ALTA'] as const
const TIER_COLORS = ['#e8590c', '#1c7ed6', '#2f9e44']
const CORNER_COLOR = '#7048e8'
const ANIMATIONS: HighlightAnimation[] = ['shadow', 'color', 'opacity', 'border', 'no_animation']

function block(front: Vec, facing: ViewDirection): { rows: LayoutRow[]; polygon: number[] } {
  const [fx, fy] = DIRECTION[facing]
  const away: Vec = [-fx, -fy]
  const right: Vec = [-fy, fx]
  const rows: LayoutRow[] = []
  for (let r = 0; r < ROWS; r++) {
    const depth = ROW_GAP / 2 + r * ROW_GAP
    const seats: [number, number, number][] = []
    for (let s = 0; s < SEATS_PER_ROW; s++) {
      const along = (s - (SEATS_PER_ROW - 1) / 2) * SEAT_GAP
      seats.push([
        s + 1,
        Math.round(front[0] + away[0] * depth + right[0] * along),
        Math.round(front[1] + away[1] * depth + right[1] * along),
      ])
    }
    rows.push({ label: String(r + 1), seats })
  }
  const half = SECTION_WIDTH / 2
  const corner = (w: number, d: number) => [
    Math.round(front[0] + right[0] * w + away[0] * d),
    Math.round(front[1] + right[1] * w + away[1] * d),
  ]
  return {
    rows,
    polygon: [
      ...corner(-half, 0),
      ...corner(half, 0),
      ...corner(half, TIER_DEPTH),
      ...corner(-half, TIER_DEPTH),
    ],
  }
}

const offsets = (n: number) =>
  Array.from({ length: n }, (_, i) => (i - (n - 1) / 2) * (SECTION_WIDTH + AISLE))

export function generateBenchLayout(): Layout {
  const sections: LayoutSection[] = []
  let counter = 0
  const numbered = (stand: string, tier: number, front: Vec, facing: ViewDirection, color: string) => {
    const { rows, polygon } = block(front, facing)
    const number = `${tier + 1}${String(++counter).padStart(2, '0')}`
    // A few realistic restrictions: the front row of every lower-tier section is preferential.
    const restrictions: Record<string, 'PREFERENTIAL' | 'EXCLUSIVE'> = {}
    if (tier === 0) for (let s = 1; s <= SEATS_PER_ROW; s++) restrictions[`1-${s}`] = 'PREFERENTIAL'
    if (counter % 17 === 0) for (let s = 1; s <= 10; s++) restrictions[`2-${s}`] = 'EXCLUSIVE'
    sections.push({
      code: `${stand}_${TIERS[tier]}_SECCION_${number}`,
      name: `${stand[0]}${stand.slice(1).toLowerCase()} ${TIERS[tier]?.toLowerCase()} · Sección ${number}`,
      color,
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: true,
      viewDirection: facing,
      shape: { type: 'path', points: polygon },
      restrictions,
      highlight: ANIMATIONS[counter % ANIMATIONS.length],
      rows,
    })
  }

  const halfW = 560
  const halfH = 850
  const tierFront = (t: number) => CLEARANCE + t * (TIER_DEPTH + CONCOURSE)
  for (let t = 0; t < TIERS.length; t++) {
    for (const y of offsets(8)) {
      numbered('OCCIDENTAL', t, [-(halfW + tierFront(t)), y], 'EAST', TIER_COLORS[t] as string)
      numbered('ORIENTAL', t, [halfW + tierFront(t), y], 'WEST', TIER_COLORS[t] as string)
    }
    for (const x of offsets(6)) {
      numbered('NORTE', t, [-x, -(halfH + tierFront(t))], 'SOUTH', TIER_COLORS[t] as string)
      numbered('SUR', t, [x, halfH + tierFront(t)], 'NORTH', TIER_COLORS[t] as string)
    }
    // Corners sit on the diagonals, set back so their front edge clears both neighbouring stands.
    const back = 150 + tierFront(t) * S * 1.05
    for (const [sx, sy, facing] of [
      [-1, -1, 'SOUTH_EAST'],
      [1, -1, 'SOUTH_WEST'],
      [1, 1, 'NORTH_WEST'],
      [-1, 1, 'NORTH_EAST'],
    ] as const) {
      numbered('ESQUINA', t, [sx * (halfW + back), sy * (halfH + back)], facing, CORNER_COLOR)
    }
  }

  const floor = (code: string, name: string, capacity: number, y0: number, y1: number, color: string) => {
    sections.push({
      code,
      name,
      color,
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: false,
      capacity,
      viewDirection: 'NORTH',
      shape: { type: 'path', points: [-halfW + 40, y0, halfW - 40, y0, halfW - 40, y1, -halfW + 40, y1] },
      highlight: 'color',
    })
  }
  floor('CAMPO_SECCION_VIP', 'Campo · VIP', 4000, -halfH + 260, -halfH + 700, '#c92a2a')
  floor('CAMPO_SECCION_GENERAL', 'Campo · General', 8000, -halfH + 740, halfH - 40, '#f08c00')

  const parkingTop = halfH + tierFront(3) + 120
  sections.push({
    code: 'PARQUEADERO_SECCION_P1',
    name: 'Parqueadero · P1',
    color: '#868e96',
    disabled: false,
    zoneType: 'PARKING',
    numbered: false,
    capacity: 1500,
    viewDirection: 'NORTH',
    shape: {
      type: 'path',
      points: [-halfW, parkingTop, halfW, parkingTop, halfW, parkingTop + 220, -halfW, parkingTop + 220],
    },
  })

  // Shift everything to positive coordinates with a margin, as the product's generators do.
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const s of sections) {
    const p = s.shape.points
    for (let i = 0; i < p.length; i += 2) {
      minX = Math.min(minX, p[i] as number)
      maxX = Math.max(maxX, p[i] as number)
      minY = Math.min(minY, p[i + 1] as number)
      maxY = Math.max(maxY, p[i + 1] as number)
    }
  }
  const margin = 40
  const dx = margin - minX
  const dy = margin - minY
  for (const s of sections) {
    s.shape.points = s.shape.points.map((v, i) => v + (i % 2 === 0 ? dx : dy))
    for (const row of s.rows ?? [])
      for (const seat of row.seats) {
        seat[1] += dx
        seat[2] += dy
      }
  }
  return {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: {
      type: 'UNNUMBERED_STAGE',
      x: -halfW + 80 + dx,
      y: -halfH + 40 + dy,
      width: 2 * halfW - 160,
      height: 180,
      label: 'Escenario',
    },
    canvas: { width: Math.ceil(maxX - minX + 2 * margin), height: Math.ceil(maxY - minY + 2 * margin) },
    sections,
  }
}
