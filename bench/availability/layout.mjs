// @ts-check
// A deterministic 100,000-seat layout for the availability benchmark, in the product's layout.json format:
// the demo stadium's construction (rectangular numbered blocks, seat 1 at the fan's left, rows numbered from
// the front, aisles between blocks; apps/api/src/db/seed/layouts.ts) scaled to a bowl of 100 sections of
// 40 rows × 25 seats on four stands and two tiers, facing a stage. A few seats per section are BLOCKED
// (camera and wheelchair positions) and the front row of the lower tier is PREFERENTIAL, as real maps have.

const SEATS_PER_ROW = 25
const ROWS = 40
const SEAT_GAP = 6
const ROW_GAP = 7
const AISLE = 18
const BLOCK_W = SEATS_PER_ROW * SEAT_GAP
const BLOCK_D = ROWS * ROW_GAP

const DIR = { NORTH: [0, -1], SOUTH: [0, 1], EAST: [1, 0], WEST: [-1, 0] }

function block(front, facing) {
  const [fx, fy] = DIR[facing]
  const away = [-fx, -fy]
  const right = [-fy, fx]
  const rows = []
  for (let r = 0; r < ROWS; r++) {
    const depth = ROW_GAP / 2 + r * ROW_GAP
    const seats = []
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
  const half = BLOCK_W / 2
  const corner = (w, d) => [
    Math.round(front[0] + right[0] * w + away[0] * d),
    Math.round(front[1] + right[1] * w + away[1] * d),
  ]
  return {
    rows,
    polygon: [...corner(-half, 0), ...corner(half, 0), ...corner(half, BLOCK_D), ...corner(-half, BLOCK_D)],
  }
}

const offsets = (n) => Array.from({ length: n }, (_, i) => (i - (n - 1) / 2) * (BLOCK_W + AISLE))

/** 100 sections × 1,000 seats; section order is the availability encoding order. */
export function generateAvailabilityLayout() {
  const sections = []
  const halfW = 800
  const halfH = 1300
  const stands = [
    // Long stands: 15 sections a tier; ends: 10 sections a tier. 2 × (15 + 15 + 10 + 10) = 100.
    { stand: 'OCCIDENTAL', facing: 'EAST', n: 15, front: (t, o) => [-(halfW + 40 + t * (BLOCK_D + 30)), o] },
    { stand: 'ORIENTAL', facing: 'WEST', n: 15, front: (t, o) => [halfW + 40 + t * (BLOCK_D + 30), o] },
    { stand: 'NORTE', facing: 'SOUTH', n: 10, front: (t, o) => [-o, -(halfH + 40 + t * (BLOCK_D + 30))] },
    { stand: 'SUR', facing: 'NORTH', n: 10, front: (t, o) => [o, halfH + 40 + t * (BLOCK_D + 30)] },
  ]
  const tiers = ['BAJA', 'ALTA']
  let counter = 0
  for (let t = 0; t < tiers.length; t++) {
    for (const st of stands) {
      // Long stands are longer than the pitch: scale the spacing so blocks do not overlap the corners.
      for (const o of offsets(st.n)) {
        const number = `${t + 1}${String(++counter).padStart(2, '0')}`
        const { rows, polygon } = block(st.front(t, o), st.facing)
        const restrictions = {}
        // Two camera positions and two wheelchair spaces per section are not for sale.
        restrictions[`${ROWS}-1`] = 'BLOCKED'
        restrictions[`${ROWS}-${SEATS_PER_ROW}`] = 'BLOCKED'
        restrictions[`20-12`] = 'BLOCKED'
        restrictions[`20-13`] = 'BLOCKED'
        if (t === 0) for (let s = 1; s <= SEATS_PER_ROW; s++) restrictions[`1-${s}`] = 'PREFERENTIAL'
        sections.push({
          code: `${st.stand}_${tiers[t]}_SECCION_${number}`,
          name: `${st.stand[0]}${st.stand.slice(1).toLowerCase()} ${tiers[t]?.toLowerCase()} · Sección ${number}`,
          color: t === 0 ? '#e8590c' : '#1c7ed6',
          disabled: false,
          zoneType: 'GRANDSTAND',
          numbered: true,
          viewDirection: st.facing,
          shape: { type: 'path', points: polygon },
          restrictions,
          rows,
        })
      }
    }
  }
  // Shift to positive coordinates with a margin.
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const s of sections) {
    const p = s.shape.points
    for (let i = 0; i < p.length; i += 2) {
      minX = Math.min(minX, p[i])
      maxX = Math.max(maxX, p[i])
      minY = Math.min(minY, p[i + 1])
      maxY = Math.max(maxY, p[i + 1])
    }
  }
  const dx = 40 - minX
  const dy = 40 - minY
  for (const s of sections) {
    s.shape.points = s.shape.points.map((v, i) => v + (i % 2 === 0 ? dx : dy))
    for (const row of s.rows)
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
      type: 'DEFAULT_STAGE',
      x: -halfW + dx,
      y: -halfH + dy,
      width: 2 * halfW,
      height: 2 * halfH,
      label: 'Escenario',
    },
    canvas: { width: Math.ceil(maxX - minX + 80), height: Math.ceil(maxY - minY + 80) },
    sections,
  }
}

export const SEATS_PER_SECTION = SEATS_PER_ROW * ROWS
