// @ts-check
// Machine facts, load, and writing one "## …" section of docs/benchmarks.md without touching the others.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
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

/**
 * Replaces the section whose heading is exactly `heading` (up to the next "## " heading) with `body`, or
 * appends it. Read and written in one go, so other engineers' sections are left as they are.
 */
export function writeSection(heading, body) {
  const text = fs.existsSync(BENCHMARKS_MD)
    ? fs.readFileSync(BENCHMARKS_MD, 'utf8')
    : '# Benchmarks\n\nFigures recorded by the benchmarks in `bench/` against the budgets of DESIGN §8.\n'
  const lines = text.split('\n')
  const startIdx = lines.findIndex((l) => l.trim() === heading)
  const section = `${heading}\n\n${body.trim()}\n`
  let out
  if (startIdx === -1) {
    out = `${text.replace(/\n*$/, '\n')}\n${section}`
  } else {
    let endIdx = lines.findIndex((l, i) => i > startIdx && /^## /.test(l))
    if (endIdx === -1) endIdx = lines.length
    const before = lines.slice(0, startIdx).join('\n')
    const after = lines.slice(endIdx).join('\n')
    out = `${before}${before ? '\n' : ''}${section}${after ? `\n${after}` : ''}`
  }
  fs.writeFileSync(BENCHMARKS_MD, out.replace(/\n*$/, '\n'))
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
