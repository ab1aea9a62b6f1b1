// @ts-check
// The rows of docs/benchmarks.md: one per budget, each read from the section its benchmark writes (the same
// text that goes to docs/benchmarks-history.md), so a run updates its row without the run scripts knowing the
// table. A summary judges the figures against DESIGN §8 as it reads today, which may be stricter or looser
// than the verdict the run script printed. When a section no longer reads as expected, `summarize` returns
// null and the writer leaves the row alone and says so (bench/lib/report.mjs).

/** A table row's cells, the outer pipes dropped (an escaped `\|` stays inside its cell). */
const cellsOf = (/** @type {string} */ line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim())

/**
 * The first Markdown table in `text` whose header has a cell containing each of `columns`; its rows as
 * objects from header cell to cell.
 * @param {string} text @param {string[]} columns @returns {Record<string, string>[] | null}
 */
export function tableWith(text, ...columns) {
  const lines = text.split('\n')
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]?.startsWith('|') || !/^\|\s*:?-{3}/.test(lines[i + 1] ?? '')) continue
    const header = cellsOf(lines[i] ?? '')
    if (!columns.every((c) => header.some((h) => h.includes(c)))) continue
    const rows = []
    for (let j = i + 2; j < lines.length && lines[j]?.startsWith('|'); j++) {
      const cells = cellsOf(lines[j] ?? '')
      rows.push(Object.fromEntries(header.map((h, k) => [h, cells[k] ?? ''])))
    }
    return rows
  }
  return null
}

/** The cell of the first column whose header contains `name`. */
const cell = (/** @type {Record<string, string>} */ row, /** @type {string} */ name) =>
  Object.entries(row).find(([h]) => h.includes(name))?.[1] ?? ''

const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g
/** Every number in a cell as written: "1,000 ms (976 ms–1,127 ms)" → ['1,000', '976', '1,127']. */
export const written = (/** @type {string} */ text) => text.match(NUMBER) ?? []
/** The same numbers as values: [1000, 976, 1127]. */
export const numbers = (/** @type {string} */ text) => written(text).map((n) => Number(n.replace(/,/g, '')))

const PASS = 'PASS'
const FAIL = 'FAIL'
const verdict = (/** @type {boolean} */ ok) => (ok ? PASS : FAIL)
const all = (/** @type {unknown[]} */ xs, /** @type {(x: any) => boolean} */ f) =>
  xs.length > 0 && xs.every(f)

/**
 * @typedef {{ figure: string, verdict: string }} Summary
 * @typedef {{ name: string, heading: string, command: string, summarize: (body: string) => Summary | null }} BudgetRow
 */

/** @type {BudgetRow[]} */
export const BUDGET_ROWS = [
  {
    name: 'seat holds',
    heading: '## Seat holds',
    command: 'npm run bench:holds',
    summarize(body) {
      const rows = tableWith(body, 'clients', 'holds/s', 'ratio')
      if (!rows?.length) return null
      const parts = rows.map((r) => ({
        clients: cell(r, 'clients'),
        ratio: written(cell(r, 'ratio'))[0],
        holds: written(cell(r, 'holds/s'))[0],
      }))
      if (parts.some((p) => p.ratio === undefined)) return null
      return {
        figure: `${parts.map((p) => `${p.ratio}× at ${p.clients} clients (${p.holds} holds/s)`).join(', ')}, medians`,
        verdict: verdict(all(parts, (p) => Number(p.ratio) >= 0.3)),
      }
    },
  },
  {
    name: 'hot spot',
    heading: '## Hot spot (contention)',
    command: 'npm run bench:contention',
    summarize(body) {
      const rows = tableWith(body, 'processes', 'granted', 'oversold', '(≤ 1)')
      if (!rows?.length) return null
      const parts = rows.map((r) => ({
        processes: cell(r, 'processes'),
        granted: numbers(cell(r, 'granted')),
        oversold: numbers(cell(r, 'oversold'))[0],
        ratio: numbers(cell(r, '(≤ 1)')),
        shown: written(cell(r, '(≤ 1)'))[0],
      }))
      const exact = all(parts, (p) => all(p.granted, (g) => g === 50) && p.oversold === 0)
      return {
        figure: `${exact ? '50 granted and 0 oversold in every repetition' : 'NOT exactly 50 granted / 0 oversold'}; loser p99 ${parts.map((p) => `${p.shown}× (${p.processes} process${p.processes === '1' ? '' : 'es'})`).join(' and ')} the same-size burst's on distinct seats`,
        verdict: verdict(exact && all(parts, (p) => Math.max(...p.ratio) <= 1)),
      }
    },
  },
  {
    name: 'seat availability',
    heading: '## Availability',
    command: 'npm run bench:availability',
    summarize(body) {
      const sizes = tableWith(body, 'payload', 'gzip')
      const times = tableWith(body, 'server time', 'p99 ms')
      if (!sizes?.length || !times?.length) return null
      const gzip = Math.max(...sizes.flatMap((r) => numbers(cell(r, 'gzip')).filter((n) => n !== 150)))
      const worst = Math.max(...times.flatMap((r) => numbers(cell(r, 'p99 ms'))))
      return {
        figure: `p99 ≤ ${worst} ms in every phase and repetition (cache hit and defeated, 1 and 10 connections, mixed); ${gzip} KB gzipped`,
        verdict: verdict(worst <= 50 && gzip <= 150),
      }
    },
  },
  {
    name: 'seat map',
    heading: '## Seat map',
    command: 'npm run bench:seatmap',
    summarize(body) {
      const rows = tableWith(body, 'measure', 'figure', 'budget')
      const frames = rows?.find((r) => cell(r, 'measure').startsWith('pan/zoom'))
      const hits = rows?.find((r) => cell(r, 'measure').startsWith('hit test'))
      const paint = rows?.find((r) => cell(r, 'measure').startsWith('first paint'))
      if (!frames || !hits || !paint) return null
      const p95 = written(cell(frames, 'figure'))[0] ?? 'NaN'
      const p99 = written(cell(hits, 'figure'))[0] ?? 'NaN'
      return {
        figure: `100,800 seats: pan/zoom frame p95 ${p95} ms, hit test p99 ${p99} ms; first paint ${written(cell(paint, 'figure'))[0]} ms (the renderer alone; first visitors: next row)`,
        verdict: verdict(Number(p95) <= 16.7 && Number(p99) <= 1),
      }
    },
  },
  {
    name: 'seat map, first visitors',
    heading: '## Cold start (first visitor after a start)',
    command: 'npm run bench:seatmap -- --cold',
    summarize(body) {
      // "After" is the run; a kept baseline ("Before") follows it in the same section.
      const rows = tableWith(body.split('\n### Before')[0] ?? '', 'measure', 'PGlite, first start')
      if (!rows?.length) return null
      const find = (/** @type {string} */ start, /** @type {string} */ has = '') =>
        rows.find((r) => cell(r, 'measure').startsWith(start) && cell(r, 'measure').includes(has))
      const homeFirst = find('home, first visitor')
      const homeNext = find('home, next visitors')
      const maps = ['40,000', '100,000'].map((size) => ({
        size,
        first: find(size, 'first visitor: first paint'),
        next: find(size, 'next visitors (median): first paint'),
      }))
      if (!homeFirst || !homeNext || maps.some((m) => !m.first || !m.next)) return null
      const columns = Object.keys(rows[0] ?? {}).slice(1)
      const checks = []
      for (const col of columns) {
        const homeLoadFirst = numbers(homeFirst[col] ?? '')[1]
        const homeLoadNext = numbers(homeNext[col] ?? '')[0]
        for (const m of maps) {
          const first = numbers(m.first?.[col] ?? '')[0]
          const next = numbers(m.next?.[col] ?? '')[0]
          if (first !== undefined && homeLoadFirst !== undefined)
            checks.push({
              ok: first <= 2 * homeLoadFirst,
              text: `${col}, ${m.size} seats, first visitor ${first} ms against 2 × ${homeLoadFirst} ms`,
            })
          if (next !== undefined && homeLoadNext !== undefined)
            checks.push({
              ok: next <= 2 * homeLoadNext,
              text: `${col}, ${m.size} seats, next visitors ${next} ms against 2 × ${homeLoadNext} ms`,
            })
        }
      }
      const paints = maps.flatMap((m) => columns.flatMap((c) => numbers(m.first?.[c] ?? '').slice(0, 1)))
      const misses = checks.filter((c) => !c.ok)
      return {
        figure: `first visitors' maps painted in ${Math.min(...paints)}–${Math.max(...paints)} ms; ${checks.length - misses.length} of ${checks.length} first paints (first and next visitors, 40,000 and 100,000 seats, each start) within 2 × the home page's load event of the same visitors${misses.length ? `; over: ${misses.map((c) => c.text).join('; ')}` : ''}`,
        verdict: verdict(checks.length > 0 && misses.length === 0),
      }
    },
  },
  {
    name: 'a page answers a tap',
    heading: '## Interactive',
    command: 'npm run build && npm run bench:interactive',
    summarize(body) {
      const rows = tableWith(body, 'page: control', 'answered at')
      if (!rows?.length) return null
      const answers = rows.map((r) => ({
        page: cell(r, 'page: control').replace(/"/g, ''),
        at: numbers(cell(r, 'answered at'))[0],
        ignored: /ignored/i.test(cell(r, 'answered at')),
      }))
      const slowest = answers.reduce((a, b) => ((b.at ?? 99) > (a.at ?? 99) ? b : a))
      return {
        figure: `slowest ${slowest.at} s (${slowest.page}), medians of ${rows.length} pages; ${answers.some((a) => a.ignored) ? 'a tap ignored' : 'no tap ignored'}`,
        verdict: verdict(all(answers, (a) => a.at !== undefined && a.at <= 2.5 && !a.ignored)),
      }
    },
  },
  {
    name: 'JavaScript per page',
    heading: '## Interactive',
    command: 'npm run build && npm run bench:interactive',
    summarize(body) {
      const rows = tableWith(body, 'page: control', 'shared', 'own')
      if (!rows?.length) return null
      const shared = Math.max(...rows.map((r) => numbers(cell(r, 'shared'))[0] ?? Number.NaN))
      const own = Math.max(...rows.map((r) => numbers(cell(r, 'own'))[0] ?? Number.NaN))
      return {
        figure: `largest shared ${shared} KB, largest own ${own} KB gzipped, over ${rows.length} pages; the seat map lazily loaded`,
        verdict: verdict(shared <= 180 && own <= 40),
      }
    },
  },
  {
    name: 'Lighthouse',
    heading: '## Lighthouse',
    command: 'npm run build && npm run bench:lighthouse',
    summarize(body) {
      const rows = tableWith(body, 'page', 'performance', 'accessibility')
      if (!rows?.length) return null
      const pages = rows.map((r) => ({
        page: cell(r, 'page').split('`')[0]?.trim() ?? '',
        performance: numbers(cell(r, 'performance'))[0] ?? 0,
        accessibility: numbers(cell(r, 'accessibility'))[0] ?? 0,
      }))
      const ok = all(pages, (p) => p.performance >= 95 && p.accessibility === 100)
      const checkout = pages.some((p) => /checkout/i.test(p.page))
      return {
        figure: `${pages.map((p) => `${p.page} ${p.performance} / ${p.accessibility}`).join(', ')} (performance / accessibility, medians)${checkout ? '' : '; the checkout page not measured'}`,
        verdict: ok && !checkout ? `${PASS} (checkout not measured)` : verdict(ok),
      }
    },
  },
  {
    name: 'box-office sale',
    heading: '## Box office',
    command: 'npm run bench:box-office',
    summarize(body) {
      const rows = tableWith(body, 'counters', 'server time of a sale')
      const eight = rows?.find((r) => cell(r, 'counters') === '8')
      if (!eight) return null
      const n = written(cell(eight, 'server time of a sale'))
      const p95 = n[3]
      if (p95 === undefined) return null
      return {
        figure: `p95 ${p95} ms server time at 8 counters (median of the repetitions; ${n[4]}–${n[5]})`,
        verdict: verdict(Number(p95) <= 300),
      }
    },
  },
  {
    name: 'layout editor',
    heading: '## Layout editor',
    command: 'npm run bench:layout-editor',
    summarize(body) {
      const rows = tableWith(body, 'measure', 'budget', 'demo stadium')
      if (!rows?.length) return null
      const pick = (/** @type {string} */ start) => rows.find((r) => cell(r, 'measure').startsWith(start))
      const measured = ['open', 'generate', 'drag'].map((m) => pick(m))
      if (measured.some((r) => !r)) return null
      const labels = ['open', '10,000-seat block', 'drag p95']
      const figures = measured.map((r, i) => {
        const values = Object.entries(r ?? {})
          .filter(([h]) => h.startsWith('demo stadium') || h.startsWith('generated venue'))
          .map(([, v]) => written(v)[0])
        return `${labels[i]} ${values.join(' / ')} ms`
      })
      // Two "result" columns share a header, which a row object keeps once: read the lines themselves.
      const lines = body.split('\n').filter((l) => /^\| (open|generate|drag)/.test(l))
      const verdicts = lines.flatMap((l) => cellsOf(l).filter((c) => /\*\*(pass|FAIL)\*\*/.test(c)))
      return {
        figure: `${figures.join('; ')} (40,000-seat stadium / 100,000 seats)`,
        verdict: verdict(verdicts.length >= 6 && verdicts.every((v) => v.includes('pass'))),
      }
    },
  },
  {
    name: 'a very large layout saved',
    heading: '## Layout save and publish',
    command: 'npm run bench:layout-save',
    summarize(body) {
      const m = body.match(/worst p99: save ([\d.]+) ms,\s*publish ([\d.]+) ms/)
      if (!m) return null
      const save = Number(m[1])
      const publish = Number(m[2])
      return {
        figure: `/api/health p99 ${save} ms while saving, ${publish} ms while publishing 500,000 seats (worst runs, PostgreSQL)`,
        verdict: verdict(save <= 100 && publish <= 100),
      }
    },
  },
  {
    name: 'waiting room',
    heading: '## Waiting room join',
    command: 'npm run bench:waiting-room',
    summarize(body) {
      const rows = tableWith(body, 'phase', 'joins/s started', 'joins p99 ms', 'failed')
      if (!rows || rows.length === 0) return null
      const figures = rows.map((r) => ({
        phase: cell(r, 'phase'),
        rate: numbers(cell(r, 'joins/s started'))[0] ?? 0,
        p99: numbers(cell(r, 'joins p99 ms'))[0] ?? Number.POSITIVE_INFINITY,
        failed: numbers(cell(r, 'failed'))[0] ?? 1,
      }))
      return {
        figure: figures
          .map(
            (f) =>
              `${f.phase}: p99 ${f.p99} ms at ${f.rate.toLocaleString('en-US')} joins/s, ${f.failed} failed`,
          )
          .join('; '),
        verdict: verdict(all(figures, (f) => f.p99 <= 50 && f.rate >= 1900 && f.failed === 0)),
      }
    },
  },
  {
    name: 'on-sale rehearsal',
    heading: '## On-sale rehearsal',
    command: 'npm run bench:onsale',
    summarize(body) {
      const rows = tableWith(body, 'check', 'seen', 'verdict')
      if (!rows || rows.length === 0) return null
      const failing = rows.filter((r) => !cell(r, 'verdict').includes('pass'))
      const fans = body.match(/(\d[\d,]*) signed-in fans/)?.[1] ?? '?'
      return {
        figure: `${fans} fans: ${rows.length - failing.length} of ${rows.length} checks pass${failing.length ? ` (not: ${failing.map((r) => cell(r, 'check')).join('; ')})` : ''}`,
        verdict: verdict(failing.length === 0),
      }
    },
  },
  {
    name: 'a 40-field form typed',
    heading: '## Inscription form typing',
    command: 'npm run bench:inscription-form',
    summarize(body) {
      const rows = tableWith(body, 'fields', 'dropped frames', 'slowest key')
      const form = rows?.find((r) => !cell(r, 'fields').startsWith('control'))
      const plain = rows?.find((r) => cell(r, 'fields').includes('plain HTML'))
      if (!form || !plain) return null
      const dropped = numbers(cell(form, 'dropped frames'))
      const floor = numbers(cell(plain, 'dropped frames'))
      const slowest = Math.max(...numbers(cell(form, 'slowest key')))
      if (dropped[0] === undefined || floor[0] === undefined) return null
      return {
        figure: `${cell(form, 'dropped frames')} dropped frames a run against ${cell(plain, 'dropped frames')} for the same fields as plain HTML (median, min–max); slowest key painted in ${slowest} ms`,
        verdict: verdict(dropped[0] <= floor[0] && slowest <= 100),
      }
    },
  },
  {
    name: 'organiser dashboard',
    heading: '## Organiser dashboard',
    command: 'npm run bench:dashboard',
    summarize(body) {
      const rows = tableWith(body, 'orders', 'dashboard', 'at once', 'p95 ms')
      if (!rows || rows.length === 0) return null
      const runs = rows.map((r) => ({
        orders: numbers(cell(r, 'orders'))[0] ?? 0,
        kind: cell(r, 'dashboard'),
        at: cell(r, 'at once'),
        p95: numbers(cell(r, 'p95 ms'))[0],
      }))
      if (runs.some((r) => r.p95 === undefined)) return null
      const size = Math.min(...runs.map((r) => r.orders))
      const ok = all(runs, (r) => r.p95 <= 300) && !body.includes('**FAIL**')
      return {
        figure: `${size.toLocaleString('en-US')} orders: p95 ${runs.map((r) => `${r.p95} ms (${r.kind}, ${r.at} at once)`).join(', ')}; totals reconcile to the minor unit in every answer`,
        verdict: size >= 200_000 ? verdict(ok) : `not at 200,000 (${verdict(ok)} at this size)`,
      }
    },
  },
  {
    name: 'order search',
    heading: '## Order search',
    command: 'npm run bench:order-search',
    summarize(body) {
      const rows = tableWith(body, 'orders', 'searches at once', 'p95 ms')
      if (!rows || rows.length === 0) return null
      const runs = rows.map((r) => ({
        orders: numbers(cell(r, 'orders'))[0] ?? 0,
        at: cell(r, 'searches at once'),
        p95: numbers(cell(r, 'p95 ms'))[0],
      }))
      if (runs.some((r) => r.p95 === undefined)) return null
      const size = Math.min(...runs.map((r) => r.orders))
      const ok = all(runs, (r) => r.p95 <= 200) && !body.includes('**FAIL**')
      return {
        figure: `${size.toLocaleString('en-US')} orders: p95 ${runs.map((r) => `${r.p95} ms (${r.at} at once)`).join(', ')}; every answer checked`,
        verdict: size >= 1_000_000 ? verdict(ok) : `not at 1,000,000 (${verdict(ok)} at this size)`,
      }
    },
  },
  {
    name: 'attendee export',
    heading: '## Attendee export',
    command: 'npm run bench:attendee-export',
    summarize(body) {
      const rows = tableWith(body, 'format', 'attendees', 'export', 'RSS growth')
      if (!rows || rows.length === 0) return null
      const runs = rows.map((r) => ({
        format: cell(r, 'format'),
        attendees: numbers(cell(r, 'attendees'))[0] ?? 0,
        seconds: numbers(cell(r, 'export'))[0],
        mb: numbers(cell(r, 'RSS growth'))[0],
      }))
      if (runs.some((r) => r.seconds === undefined || r.mb === undefined)) return null
      const size = Math.min(...runs.map((r) => r.attendees))
      const ok = all(runs, (r) => r.seconds <= 30 && r.mb <= 200)
      return {
        figure: `${size.toLocaleString('en-US')} attendees: ${runs.map((r) => `${r.format} ${r.seconds} s, RSS +${r.mb} MB`).join('; ')}`,
        verdict: size >= 100_000 ? verdict(ok) : `not at 100,000 (${verdict(ok)} at this size)`,
      }
    },
  },
]

/** Other recorded figures: a budget of an issue rather than of DESIGN §8, or figures with no budget. */
/** @type {BudgetRow[]} */
export const OTHER_ROWS = [
  {
    name: 'catalogue routes',
    heading: '## Catalogue',
    command: 'npm run build && npm run bench:catalog',
    summarize(body) {
      const rows = tableWith(body, 'target', 'same body')
      const routes = rows?.filter((r) => cell(r, 'target').startsWith('GET /api/event'))
      if (!routes?.length) return null
      const ratios = routes.map((r) => ({
        target: cell(r, 'target').split('?')[0],
        ratio: written(cell(r, 'same body'))[0],
      }))
      return {
        figure: `${ratios.map((r) => `${r.target} ${r.ratio}×`).join(', ')} a bare Fastify route sending the same body (issue 4: ≥ 0.3×)`,
        verdict: verdict(all(ratios, (r) => Number(r.ratio) >= 0.3)),
      }
    },
  },
  {
    name: 'checkout throughput',
    heading: '## Checkout',
    command: 'npm run bench:checkout',
    summarize(body) {
      const rows = tableWith(body, 'clients', 'checkouts/s')
      if (!rows?.length) return null
      return {
        figure: rows
          .map(
            (r) =>
              `${written(cell(r, 'checkouts/s'))[0]} checkouts/s at ${cell(r, 'clients')} clients (p99 ${written(cell(r, 'p50 / p99'))[3]} ms)`,
          )
          .join(', '),
        verdict: 'recorded (no budget)',
      }
    },
  },
  {
    name: 'best available',
    heading: '## Best available',
    command: 'npm run bench:best-available',
    summarize(body) {
      const rows = tableWith(body, 'phase', 'server time', 'server CPU per call')
      const one = rows?.find((r) => cell(r, 'phase').startsWith('served-1'))
      const four = rows?.find((r) => cell(r, 'phase').startsWith('served-4'))
      if (!one || !four) return null
      return {
        figure: `server time p99 ${written(cell(one, 'server time'))[2]} ms sequential, ${written(cell(four, 'server time'))[2]} ms at 4 clients; ${cell(one, 'server CPU')} CPU per call`,
        verdict: 'recorded (no budget)',
      }
    },
  },
  {
    name: 'inscriptions export',
    heading: '## Inscriptions export',
    command: 'npm run bench:inscriptions',
    summarize(body) {
      const rows = tableWith(body, 'entries', 'export')
      const row = rows?.[0]
      if (!row) return null
      const ms = written(cell(row, 'export'))[0]
      if (ms === undefined) return null
      return {
        figure: `${cell(row, 'entries')} entries of 16 fields exported in ${ms} ms (issue 17: ≤ 5 s)`,
        verdict: verdict(Number(ms) <= 5000),
      }
    },
  },
  {
    name: 'layout editor history',
    heading: '## Layout editor',
    command: 'npm run bench:layout-editor',
    summarize(body) {
      const line = body.split('\n').find((l) => l.startsWith('| 200 undoable moves'))
      if (!line) return null
      const cells = cellsOf(line)
      const mb = [cells[2], cells[4]].map((c) => written(c ?? '')[0])
      if (mb.some((x) => x === undefined)) return null
      return {
        figure: `200 undoable moves: heap growth ${mb[0]} / ${mb[1]} MB (stadium / 100,000 seats; issue 18: ≤ 50 MB)`,
        verdict: verdict(all(mb, (x) => Number(x) <= 50)),
      }
    },
  },
]
