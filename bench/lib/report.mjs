// @ts-check
// Machine facts, load, and recording a run: its section at the top of docs/benchmarks-history.md, its budget's
// row of docs/benchmarks.md updated in place.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BUDGET_ROWS, OTHER_ROWS } from './budget-rows.mjs'
import { BENCHMARKS_MD, OUT_DIR, ROOT } from './paths.mjs'

/** `uptime`'s load averages (1, 5, 15 min) as printed. */
export function loadNow() {
  const [a, b, c] = os.loadavg().map((v) => v.toFixed(2))
  return `${a}, ${b}, ${c}`
}

export function machine() {
  const cpus = os.cpus()
  let osName = `${os.type()} ${os.release()}`
  try {
    const rel = fs.readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)/m)
    if (rel) osName = `${rel[1]}, kernel ${os.release()}`
  } catch {}
  return {
    cpu: `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: osName,
    node: process.version,
  }
}

/** The commit the measured build comes from, and whether the tree had local changes. */
export function buildFacts() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'apps/api/src', 'packages/domain/src'],
      { cwd: ROOT },
    )
      .toString()
      .trim()
    const entry = process.env.BENCH_SERVER_ENTRY ?? path.join(ROOT, 'apps/api/dist/server.js')
    // The newest compiled file: an incremental build rewrites only what changed, server.js included or not.
    const dist = path.dirname(entry)
    const newest = fs
      .readdirSync(dist, { recursive: true })
      .filter((f) => String(f).endsWith('.js'))
      .reduce((t, f) => Math.max(t, fs.statSync(path.join(dist, String(f))).mtimeMs), 0)
    const built = new Date(newest).toISOString()
    const which = process.env.BENCH_SERVER_ENTRY ? `PROTOTYPE build ${entry}` : 'apps/api/dist'
    return `commit ${head}${dirty ? ' + uncommitted changes in apps/api/src or packages/domain/src' : ''}; ${which} built ${built}`
  } catch {
    return 'unknown build'
  }
}

/** Writes raw results for later inspection (bench/.out/api/<name>.json, git-ignored). */
export function saveRaw(name, data) {
  fs.mkdirSync(OUT_DIR, { recursive: true })
  const file = path.join(OUT_DIR, `${name}.json`)
  fs.writeFileSync(file, JSON.stringify(data, null, 1))
  return file
}

/** Every recorded run, newest first; docs/benchmarks.md keeps the current row of each budget. */
export const HISTORY_MD = path.join(ROOT, 'docs/benchmarks-history.md')
const HISTORY_INTRO = `# Benchmark runs

Every recorded run, newest first, as its benchmark wrote it: the figures, how they were taken, and the reading
kept beside the script (\`bench/<name>/analysis.md\`). \`docs/benchmarks.md\` shows the current figure and
verdict of each budget. A run adds its section here and updates its rows there (\`bench/lib/report.mjs\`).
`

/** When the run was, as its section says ("Run 2026-11-26 14:27 UTC", "Date: 2026-11-22"), else now. */
export function runTimeOf(/** @type {string} */ body) {
  const minute = body.match(/\b(\d{4}-\d\d-\d\d[ T]\d\d:\d\d)(?::\d\d(?:\.\d+)?Z)? UTC\b/)
  if (minute?.[1]) return `${minute[1].replace('T', ' ')} UTC`
  const day = body.match(/\b(?:Date|Last run):\s*(\d{4}-\d\d-\d\d)\b/)
  return day?.[1] ?? isoMinute()
}

/** Puts a run's section at the top of the history, under the file's introduction. */
function prependHistory(/** @type {string} */ heading, /** @type {string} */ body) {
  const text = fs.existsSync(HISTORY_MD) ? fs.readFileSync(HISTORY_MD, 'utf8') : HISTORY_INTRO
  const lines = text.split('\n')
  const first = lines.findIndex((l) => l.startsWith('## '))
  const section = `${heading}\n\n${body.trim()}\n`
  const out =
    first === -1
      ? `${text.trimEnd()}\n\n${section}`
      : `${lines.slice(0, first).join('\n').trimEnd()}\n\n${section}\n${lines.slice(first).join('\n')}`
  fs.writeFileSync(HISTORY_MD, out.replace(/\n*$/, '\n'))
}

/** A table row's cells, the outer pipes dropped. */
const cellsOfRow = (/** @type {string} */ line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim())

/** A row of docs/benchmarks.md: name, budget (kept as written there), figure, verdict, run, command. */
const rowLine = (/** @type {string[]} */ cells) =>
  `| ${cells.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`

/**
 * Updates, in place, each row of docs/benchmarks.md that reads this section (bench/lib/budget-rows.mjs): its
 * figure, verdict, run time and command; the budget cell stays as written. A row the section no longer yields
 * a summary for, or that the page no longer has, is left alone and printed for a person to paste.
 */
function updateRows(/** @type {string} */ heading, /** @type {string} */ body, /** @type {string} */ when) {
  const rows = [...BUDGET_ROWS, ...OTHER_ROWS].filter((r) => r.heading === heading)
  if (rows.length === 0) {
    console.log(
      `${heading}: recorded in ${path.relative(ROOT, HISTORY_MD)} only (no row of the budgets reads it)`,
    )
    return
  }
  const lines = fs.existsSync(BENCHMARKS_MD) ? fs.readFileSync(BENCHMARKS_MD, 'utf8').split('\n') : []
  for (const row of rows) {
    const summary = row.summarize(body)
    const at = lines.findIndex((l) => l.startsWith(`| ${row.name} |`))
    const budget = at === -1 ? '(the budget, as DESIGN §8 states it)' : (cellsOfRow(lines[at] ?? '')[1] ?? '')
    const line = rowLine([
      row.name,
      budget,
      summary?.figure ?? '?',
      summary?.verdict ?? '?',
      when,
      `\`${row.command}\``,
    ])
    if (summary && at !== -1) {
      lines[at] = line
      console.log(
        `${path.relative(ROOT, BENCHMARKS_MD)}, row "${row.name}": ${summary.verdict}, ${summary.figure}`,
      )
    } else {
      console.warn(
        `${path.relative(ROOT, BENCHMARKS_MD)}, row "${row.name}" NOT updated (${summary ? 'no such row' : 'its figures could not be read from the section'}); paste and complete:\n${line}`,
      )
    }
  }
  if (lines.length > 0) fs.writeFileSync(BENCHMARKS_MD, lines.join('\n'))
}

/**
 * Records one run of a benchmark: its section (`heading` without the date, and `body`) goes to the top of
 * docs/benchmarks-history.md as "## <run time> · <title>", and the rows of docs/benchmarks.md that read that
 * section are updated in place. Other benchmarks' rows and runs are left as they are.
 */
export function writeSection(/** @type {string} */ heading, /** @type {string} */ body) {
  const when = runTimeOf(body)
  prependHistory(`## ${when} · ${heading.replace(/^#+\s*/, '').trim()}`, body)
  updateRows(heading.trim(), body, when)
}

/** A markdown table from a header row and rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

export const passFail = (ok) => (ok ? '**pass**' : '**FAIL**')

export const isoMinute = (d = new Date()) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Simple `--key value` / `--flag` parsing with defaults. */
export function args(defaults) {
  const out = { ...defaults }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a?.startsWith('--')) continue
    const key = a.slice(2)
    if (!(key in defaults)) throw new Error(`unknown option ${a}; known: ${Object.keys(defaults).join(', ')}`)
    const d = defaults[key]
    if (typeof d === 'boolean') out[key] = true
    else {
      const v = argv[++i]
      out[key] = Array.isArray(d) ? String(v).split(',').map(Number) : typeof d === 'number' ? Number(v) : v
    }
  }
  return out
}

/**
 * The hand-written analysis kept next to a benchmark (bench/<name>/analysis.md), appended to its section so a
 * re-run keeps the explanation of the figures; empty when there is none.
 */
export function analysisOf(benchDir) {
  const file = path.join(ROOT, 'bench', benchDir, 'analysis.md')
  return fs.existsSync(file) ? `\n${fs.readFileSync(file, 'utf8').trim()}\n` : ''
}
