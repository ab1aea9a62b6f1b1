import { describe, expect, it } from 'vitest'
import { type Layout, layoutSchema } from './layout.js'
import { blockOutline, generateRowBlock } from './layout-blocks.js'
import { fromPretixPlan, LAYOUT_IMPORT_MAX_DEPTH, readLayoutImport } from './layout-import.js'
import { validateLayout } from './layout-validation.js'

const rows = generateRowBlock({
  rows: 3,
  seatsPerRow: 6,
  seatSpacing: 10,
  rowSpacing: 12,
  origin: { x: 200, y: 100 },
  rotation: 0,
  layout: { type: 'GRID', stagger: false },
  rowNumbering: { type: 'LETTER', order: 'ASC', start: 1, skip: ['I', 'O'] },
  seatNumbering: { order: 'ASC', start: 1, sides: 'ODD_EVEN' },
})

/** A layout as the editor exports it, with every optional part filled in. */
const sample = (): Layout =>
  layoutSchema.parse({
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: { type: 'DEFAULT_STAGE', x: 300, y: 0, width: 200, height: 40, label: 'Escenario' },
    canvas: { width: 800, height: 600 },
    background: { src: '/uploads/plano.png', x: 0, y: 0, width: 800, height: 600, opacity: 0.4 },
    sections: [
      {
        code: 'PLATEA',
        name: 'Platea',
        color: '#336699',
        numbered: true,
        shape: { type: 'path', points: blockOutline(rows, 8) },
        numbering: { type: 'LETTER', order: 'ASC' },
        restrictions: { 'A-1': 'BLOCKED' },
        access: { 'B-2': 'RELEASED' },
        accessibility: { 'A-5': 'WHEELCHAIR', 'A-3': 'COMPANION' },
        rows,
        sections: [
          {
            code: 'PALCO_1',
            name: 'Palco 1',
            color: '#aa3344',
            numbered: false,
            capacity: 8,
            shape: { type: 'path', points: [10, 10, 60, 10, 60, 60, 10, 60] },
          },
        ],
      },
    ],
    shapes: [
      { id: 'exit', type: 'text', x: 20, y: 560, text: 'Salida < 20 m' },
      {
        id: 'logo',
        type: 'image',
        x: 700,
        y: 20,
        width: 60,
        height: 60,
        src: 'data:image/png;base64,iVBORw0KGgo=',
      },
      { id: 'aisle', type: 'path', points: [0, 300, 800, 300, 800, 310] },
    ],
  })

const json = (over: (l: Record<string, unknown> & Layout) => void = () => {}) => {
  const layout = sample() as Record<string, unknown> & Layout
  over(layout)
  return JSON.stringify(layout)
}

const failure = (result: ReturnType<typeof readLayoutImport>) =>
  result.ok ? { ok: true } : { reason: result.reason, path: result.path }

describe('readLayoutImport', () => {
  it('gives back the exported layout unchanged (round trip)', () => {
    const layout = sample()
    const result = readLayoutImport(JSON.stringify(layout))
    expect(result).toEqual({ ok: true, layout })
    // An object the caller already parsed reads the same way.
    expect(readLayoutImport(JSON.parse(JSON.stringify(layout)))).toEqual({ ok: true, layout })
  })

  it('accepts a file saved with a byte-order mark', () => {
    expect(readLayoutImport(`\uFEFF${json()}`).ok).toBe(true)
  })

  it.each(['', 'not json', '{"format":', "{'format': 'palco.layout'}"])('NOT_JSON for %j', (text) => {
    const result = readLayoutImport(text)
    expect(failure(result)).toEqual({ reason: 'NOT_JSON', path: '' })
    expect(result.ok === false && result.message.length > 0).toBe(true)
  })

  it('TOO_LARGE past maxBytes, counted in UTF-8 bytes', () => {
    const text = json()
    expect(failure(readLayoutImport(text, { maxBytes: text.length - 1 }))).toEqual({
      reason: 'TOO_LARGE',
      path: '',
    })
    expect(readLayoutImport(text, { maxBytes: text.length }).ok).toBe(true)
    // "Sección" is 7 characters but 8 bytes.
    const accented = json((l) => {
      l.sections[0] = { ...(l.sections[0] as Layout['sections'][number]), name: 'Sección' }
    })
    expect(failure(readLayoutImport(accented, { maxBytes: accented.length }))).toEqual({
      reason: 'TOO_LARGE',
      path: '',
    })
    expect(readLayoutImport(accented, { maxBytes: accented.length + 1 }).ok).toBe(true)
  })

  it('TOO_DEEP for 50 nested arrays, without overflowing the stack', () => {
    const result = readLayoutImport(`${'['.repeat(50)}${']'.repeat(50)}`)
    expect(failure(result)).toEqual({ reason: 'TOO_DEEP', path: '[0]'.repeat(LAYOUT_IMPORT_MAX_DEPTH) })
    const deeper = readLayoutImport(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    expect(failure(deeper).reason).toBe('TOO_DEEP')
  })

  it('TOO_DEEP for a passed object that refers to itself', () => {
    const cyclic: Record<string, unknown> = { format: 'palco.layout' }
    cyclic.self = cyclic
    expect(failure(readLayoutImport(cyclic)).reason).toBe('TOO_DEEP')
  })

  it('allows sections nested two deep but not three', () => {
    const nest = (depth: number, max: number): object => ({
      code: `N${depth}`,
      name: `N${depth}`,
      color: '#000',
      numbered: true,
      shape: { type: 'path', points: [0, 0, 500, 0, 500, 500] },
      rows: [{ label: 'A', seats: [[depth, 100 + 10 * depth, 50]] }],
      ...(depth < max ? { sections: [nest(depth + 1, max)] } : {}),
    })
    const nested = (max: number) =>
      json((l) => {
        l.sections = [nest(1, max) as never]
      })
    expect(readLayoutImport(nested(3)).ok).toBe(true)
    expect(failure(readLayoutImport(nested(4)))).toEqual({
      reason: 'TOO_DEEP',
      path: 'sections[0].sections[0].sections[0].sections[0].rows[0].seats[0]',
    })
  })

  it('INVALID with the path of the first problem', () => {
    const badSeat = json((l) => {
      ;(l.sections[0]?.rows?.[0]?.seats as unknown[])[1] = 'A-2'
    })
    expect(failure(readLayoutImport(badSeat))).toEqual({
      reason: 'INVALID',
      path: 'sections[0].rows[0].seats[1]',
    })
    const badCode = json((l) => {
      l.sections[0] = { ...(l.sections[0] as Layout['sections'][number]), code: 'PLATEA BAJA' }
    })
    expect(failure(readLayoutImport(badCode))).toEqual({ reason: 'INVALID', path: 'sections[0].code' })
    expect(failure(readLayoutImport('{"format":"other"}')).reason).toBe('INVALID')
    expect(failure(readLayoutImport('[]'))).toEqual({ reason: 'INVALID', path: '' })
  })

  it.each([
    [
      'a script in a text shape',
      (l: Layout) => setShape(l, 0, { text: '<script>alert(1)</script>' }),
      'shapes[0].text',
    ],
    [
      'an image tag in a section name',
      (l: Layout) => setSection(l, { name: 'Platea <img src=x onerror=alert(1)>' }),
      'sections[0].name',
    ],
    [
      'an event handler in the stage label',
      (l: Layout) => Object.assign(l.stage, { label: 'x" onclick="alert(1)' }),
      'stage.label',
    ],
    [
      'a script URL in a colour',
      (l: Layout) => setSection(l, { color: 'java\tscript:alert(1)' }),
      'sections[0].color',
    ],
    ['a comment in a shape name', (l: Layout) => setShape(l, 2, { name: '<!-- x -->' }), 'shapes[2].name'],
    [
      'markup in a seat code key',
      (l: Layout) => setSection(l, { restrictions: { '<b>A-1</b>': 'BLOCKED' } }),
      'sections[0].restrictions["<b>A-1</b>"]',
    ],
    [
      'markup in a nested section',
      (l: Layout) => {
        const inner = l.sections[0]?.sections?.[0]
        if (inner) inner.name = '<svg/onload=alert(1)>'
      },
      'sections[0].sections[0].name',
    ],
  ])('UNSAFE_TEXT for %s, with its path', (_, change, path) => {
    const layout = sample()
    change(layout)
    expect(failure(readLayoutImport(JSON.stringify(layout)))).toEqual({ reason: 'UNSAFE_TEXT', path })
  })

  // The file's own JSON escapes: JSON.parse reads them into strings PostgreSQL's json cannot hold.
  it.each([
    ['a NUL in a section name', '"name":"Platea"', '"name":"Platea\\u0000izq"', 'sections[0].name'],
    [
      'a lone surrogate in the stage label',
      '"label":"Escenario"',
      '"label":"Escenario \\ud83d"',
      'stage.label',
    ],
    [
      'a lone surrogate in a seat code key',
      '"A-1":"BLOCKED"',
      '"A-1\\udc00":"BLOCKED"',
      'sections[0].restrictions["A-1\\udc00"]',
    ],
  ])('UNSTORABLE_TEXT for %s, with its path', (_, from, to, path) => {
    const file = JSON.stringify(sample())
    expect(file).toContain(from)
    expect(failure(readLayoutImport(file.replace(from, to)))).toEqual({ reason: 'UNSTORABLE_TEXT', path })
  })

  it('keeps texts that only look a little like markup', () => {
    const layout = sample()
    setShape(layout, 0, { text: 'Niños < 12 años > gratis; 3 <= 4' })
    setSection(layout, { name: 'Zona Once, opción A' })
    expect(readLayoutImport(JSON.stringify(layout)).ok).toBe(true)
  })

  it.each([
    'https://evil.example/x.png',
    'http://localhost/x.png',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    'uploads/a.png',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PHNjcmlwdD4=',
  ])('FOREIGN_IMAGE for an image shape src %j', (src) => {
    const layout = sample()
    setShape(layout, 1, { src })
    expect(failure(readLayoutImport(JSON.stringify(layout)))).toEqual({
      reason: 'FOREIGN_IMAGE',
      path: 'shapes[1].src',
    })
  })

  it('FOREIGN_IMAGE for a background from another site', () => {
    const layout = sample()
    if (layout.background) layout.background.src = 'https://evil.example/plan.jpg'
    expect(failure(readLayoutImport(JSON.stringify(layout)))).toEqual({
      reason: 'FOREIGN_IMAGE',
      path: 'background.src',
    })
  })

  it.each(['/uploads/a.png', '/uploads/señal%20norte.webp', 'data:image/jpeg;base64,/9j/4AAQ'])(
    'allows the same-site or inline image %j',
    (src) => {
      const layout = sample()
      setShape(layout, 1, { src })
      expect(readLayoutImport(JSON.stringify(layout)).ok).toBe(true)
    },
  )
})

function setShape(layout: Layout, index: number, over: Partial<NonNullable<Layout['shapes']>[number]>) {
  const shape = layout.shapes?.[index]
  if (shape) Object.assign(shape, over)
}

function setSection(layout: Layout, over: Partial<Layout['sections'][number]>) {
  const section = layout.sections[0]
  if (section) Object.assign(section, over)
}

/** A small plan as pretix's editor saves it: positions of rows are relative to zones, seats to rows. */
const pretixPlan = () => ({
  name: 'Kleiner Saal',
  size: { width: 600, height: 400 },
  categories: [
    { name: 'Parkett', color: '#7f4a91' },
    { name: 'Loge', color: '#d9a400' },
  ],
  zones: [
    {
      name: 'Balcón',
      zone_id: 'z1',
      uuid: 'c0a8',
      position: { x: 100, y: 100 },
      rows: [
        {
          row_number: '1',
          position: { x: 0, y: 0 },
          seats: [
            { seat_guid: 'a', seat_number: '1', position: { x: 0, y: 0 }, category: 'Parkett' },
            { seat_guid: 'b', seat_number: '2', position: { x: 25, y: 0 }, category: 'Parkett' },
            { seat_guid: 'c', seat_number: '3', position: { x: 50, y: 0 }, category: 'Loge' },
          ],
        },
        {
          row_number: 'Reihe 12 links',
          position: { x: 10, y: 30 },
          seats: [
            { seat_guid: 'd', seat_number: '7', position: { x: 0, y: 0 }, category: 'Parkett' },
            { seat_guid: 'e', seat_number: '8a', position: { x: 25, y: 0 }, category: 'Parkett', radius: 12 },
          ],
        },
      ],
      areas: [
        {
          shape: 'rectangle',
          color: '#cccccc',
          position: { x: -50, y: -80 },
          rectangle: { width: 150, height: 40 },
          text: { text: 'Bühne', color: '#000000', size: 18, position: { x: 60, y: 12 } },
        },
        { shape: 'circle', color: '#eeeeee', position: { x: 300, y: 50 }, circle: { radius: 20 } },
      ],
    },
    {
      name: 'Balcón',
      position: { x: 350, y: 200 },
      rows: [
        {
          row_number: 'A',
          seats: [
            { seat_guid: 'f', seat_number: '1', position: { x: 0, y: 0 }, category: 'Loge' },
            { seat_guid: 'g', seat_number: '2', position: { x: 20, y: 0 }, category: 'Loge' },
          ],
        },
      ],
      areas: [
        { shape: 'text', position: { x: 0, y: 40 }, text: { text: 'Ausgang', position: { x: 0, y: 0 } } },
      ],
    },
    { name: 'Deko', position: { x: 0, y: 0 }, rows: [], areas: [] },
  ],
})

describe('fromPretixPlan', () => {
  it('turns each zone with seats into a section with absolute seat positions', () => {
    const layout = fromPretixPlan(pretixPlan())
    expect(layoutSchema.safeParse(layout).success).toBe(true)
    expect(layout.kind).toBe('Classic')
    expect(layout.canvas).toEqual({ width: 600, height: 400 })
    // At the top centre, in the band above the drawing: none here, as the plan's own stage starts at y 20.
    expect(layout.stage).toEqual({ type: 'DEFAULT_STAGE', x: 180, y: 0, width: 240, height: 0, label: '' })
    const bare = pretixPlan()
    for (const zone of bare.zones) zone.areas = []
    expect(fromPretixPlan(bare).stage).toEqual({
      type: 'DEFAULT_STAGE',
      x: 180,
      y: 0,
      width: 240,
      height: 40,
      label: '',
    })
    expect(layout.sections.map((s) => [s.code, s.name, s.color, s.numbered])).toEqual([
      ['BALCON', 'Balcón', '#7f4a91', true],
      ['BALCON_2', 'Balcón', '#d9a400', true],
    ])
    expect(layout.sections[0]?.rows).toEqual([
      {
        label: '1',
        seats: [
          [1, 100, 100],
          [2, 125, 100],
          [3, 150, 100],
        ],
      },
      // Cut to 8 characters; "8a" is not a number, so it takes its place in the row.
      {
        label: 'Reihe 12',
        seats: [
          [7, 110, 130],
          [2, 135, 130],
        ],
      },
    ])
    expect(layout.sections[1]?.rows).toEqual([
      {
        label: 'A',
        seats: [
          [1, 350, 200],
          [2, 370, 200],
        ],
      },
    ])
  })

  it('turns areas into shapes and draws outlines the seats lie inside', () => {
    const layout = fromPretixPlan(pretixPlan())
    expect(layout.shapes?.map((s) => [s.id, s.type])).toEqual([
      ['pretix-1-1', 'rect'],
      ['pretix-1-1-text', 'text'],
      ['pretix-1-2', 'path'],
      ['pretix-2-1', 'text'],
    ])
    expect(layout.shapes?.[0]).toMatchObject({ x: 50, y: 20, width: 150, height: 40, fill: '#cccccc' })
    expect(layout.shapes?.[1]).toMatchObject({ x: 110, y: 32, text: 'Bühne', height: 18 })
    expect(layout.shapes?.[3]).toMatchObject({ x: 350, y: 240, text: 'Ausgang' })
    const errors = validateLayout(layout).filter((p) => p.severity === 'error')
    expect(errors).toEqual([])
  })

  it('is what readLayoutImport makes of a pretix file', () => {
    expect(readLayoutImport(JSON.stringify(pretixPlan()))).toEqual({
      ok: true,
      layout: fromPretixPlan(pretixPlan()),
    })
  })

  it('reports a malformed plan with the path in pretix terms', () => {
    const plan = pretixPlan() as { zones: { rows: { seats: Record<string, unknown>[] }[] }[] }
    delete plan.zones[0]?.rows[0]?.seats[1]?.position
    expect(failure(readLayoutImport(plan))).toEqual({
      reason: 'INVALID',
      path: 'zones[0].rows[0].seats[1].position',
    })
    expect(() => fromPretixPlan(plan)).toThrow()
  })

  it('refuses a plan without seats', () => {
    const plan = { ...pretixPlan(), zones: [{ name: 'Deko', position: { x: 0, y: 0 }, rows: [] }] }
    expect(failure(readLayoutImport(plan))).toEqual({ reason: 'INVALID', path: 'zones' })
    expect(() => fromPretixPlan(plan)).toThrow()
  })

  it('checks the names a plan brings like any other text', () => {
    const plan = pretixPlan()
    const zone = plan.zones[0]
    if (zone) zone.name = '<b>VIP</b>'
    expect(failure(readLayoutImport(plan))).toEqual({ reason: 'UNSAFE_TEXT', path: 'sections[0].name' })
  })
})
