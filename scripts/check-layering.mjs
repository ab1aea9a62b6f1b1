// @ts-check
// The two layering rules of DESIGN §4 that need a file's content rather than one import (issue 14 part 6);
// dependency-cruiser checks the others (.dependency-cruiser.cjs). Run by `npm run lint`.
//  1. SQL (Kysely's query builders and sql`` tags) only in `*.repository.ts` files of the API's modules.
//  2. No import cycle between the API's modules (x → y → x through any of their files), counting the
//     imports that run (type-only imports leave nothing at run time).
// Cycles listed in KNOWN_CYCLES are reported but do not fail: each is work left, named by its issue.
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const MODULES = path.join(ROOT, 'apps/api/src/modules')

/** Cycles still to break, as their modules in alphabetical order; remove an entry when its cycle is gone. */
const KNOWN_CYCLES = new Map(
  /** @type {[string, string][]} */ (
    [
      // None left: issue 14 broke the last one (auth, fans, tickets) with ports wired in app.ts.
    ]
  ),
)

const SQL = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(?:<[^>]*>)?`/g
const isTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file)

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return filesUnder(full)
    return /\.tsx?$/.test(e.name) && !isTest(e.name) ? [full] : []
  })
}

/**
 * Imports and re-exports that run (`import type` / `export type` are left out), side-effect imports, and
 * `import()` of a module path.
 */
const RUNTIME_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.{1,2}\/[^']+)'|^\s*import\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm

const problems = []
const edges = new Map()
for (const file of filesUnder(MODULES)) {
  const rel = path.relative(MODULES, file)
  const mod = rel.split(path.sep)[0] ?? ''
  const src = fs.readFileSync(file, 'utf8')
  if (!file.endsWith('.repository.ts')) {
    const count = (src.match(SQL) ?? []).length
    if (count > 0)
      problems.push(`SQL outside a repository: apps/api/src/modules/${rel} (${count} statements)`)
  }
  for (const m of src.matchAll(RUNTIME_IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? ''
    const target = path.relative(MODULES, path.resolve(path.dirname(file), spec)).split(path.sep)[0]
    if (!target || target === mod || target.startsWith('..')) continue
    if (!edges.has(mod)) edges.set(mod, new Set())
    edges.get(mod).add(target)
  }
}

// Outside the modules (app.ts, plugins, lib, the server), no SQL at all: only the database's own setup
// (apps/api/src/db: migrations, seeds, the schema) and test fixtures write it.
const API_SRC = path.join(ROOT, 'apps/api/src')
for (const file of filesUnder(API_SRC)) {
  const rel = path.relative(API_SRC, file)
  const top = rel.split(path.sep)[0]
  if (top === 'modules' || top === 'db' || top === 'test') continue
  const count = (fs.readFileSync(file, 'utf8').match(SQL) ?? []).length
  if (count > 0) problems.push(`SQL outside a repository: apps/api/src/${rel} (${count} statements)`)
}

/** Groups of modules that reach each other (Tarjan's strongly connected components), of two or more. */
function cycles() {
  let index = 0
  const order = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  /** @param {string} v */
  const visit = (v) => {
    order.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)))
    }
    if (low.get(v) !== order.get(v)) return
    const group = []
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w)
      group.push(w)
      if (w === v) break
    }
    if (group.length > 1) groups.push(group.sort().join(', '))
  }
  for (const v of edges.keys()) if (!order.has(v)) visit(v)
  return groups
}

const found = cycles()
const known = []
for (const group of found) {
  if (KNOWN_CYCLES.has(group)) known.push(`${group} (${KNOWN_CYCLES.get(group)})`)
  else problems.push(`modules importing each other: ${group}`)
}
for (const group of KNOWN_CYCLES.keys()) {
  if (!found.includes(group))
    problems.push(
      `KNOWN_CYCLES lists ${group}, which is no longer a cycle: update scripts/check-layering.mjs`,
    )
}

if (known.length > 0) console.log(`known module cycles, still to break: ${known.join('; ')}`)
if (problems.length > 0) {
  for (const p of problems) console.error(`✖ ${p}`)
  process.exit(1)
}
console.log('✔ layering: SQL only in repositories; no module cycles beyond the known ones')
