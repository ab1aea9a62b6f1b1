// @ts-check
// What the source checks run by `npm run lint:layers` share: the repository root, the source files they read
// (tests left out), a TypeScript syntax tree per file, and the rule for their KNOWN lists.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export { ts }

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

/** Tests and their helpers are not held to the source rules (DESIGN §4 speaks of the product's code). */
export const isTestFile = (/** @type {string} */ rel) =>
  /\.test\.tsx?$/.test(rel) || /\.d\.ts$/.test(rel) || rel.startsWith('apps/api/src/test/')

/**
 * The non-test TypeScript files under `dir` (relative to the root), as root-relative paths with '/'.
 * @param {string} dir
 * @param {(rel: string) => boolean} [skip] more to leave out
 * @returns {string[]}
 */
export function sourceFiles(dir, skip = () => false) {
  /** @param {string} abs @returns {string[]} */
  const walk = (abs) =>
    fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(abs, e.name)
      const rel = path.relative(ROOT, full).split(path.sep).join('/')
      if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : walk(full)
      return /\.tsx?$/.test(e.name) && !isTestFile(rel) && !skip(rel) ? [rel] : []
    })
  return walk(path.join(ROOT, dir))
}

/** @param {string} rel root-relative path */
export function parse(rel) {
  const text = fs.readFileSync(path.join(ROOT, rel), 'utf8')
  return ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
}

/** 1-based line of a node's first character (leading comments left out). */
export const lineOf = (/** @type {ts.SourceFile} */ src, /** @type {ts.Node} */ node) =>
  src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1

/**
 * Compares what a check found with its KNOWN list: a finding not listed is a problem; a listed entry that
 * no longer occurs is a problem too (the list only shrinks: "remove it from KNOWN"), so it never excuses
 * a violation that comes back later. Returns the problems and the findings the list excused.
 * @param {Map<string, string>} found key → what to print
 * @param {Map<string, string>} known key → why it is still there (who is fixing it)
 * @param {string} script the script's file, named in the message
 */
export function reconcile(found, known, script) {
  const problems = []
  const excused = []
  for (const [key, message] of found) {
    if (known.has(key)) excused.push(message)
    else problems.push(message)
  }
  for (const key of known.keys()) {
    if (!found.has(key))
      problems.push(`KNOWN lists "${key}", which no longer violates: remove it from KNOWN in ${script}`)
  }
  return { problems, excused }
}

/**
 * Prints a check's outcome and sets the exit code: ✖ per problem, a count of the known ones left.
 * @param {string} title
 * @param {{ problems: string[], excused: string[] }} outcome
 */
export function report(title, { problems, excused }) {
  if (excused.length > 0) console.log(`${title}: ${excused.length} known, still to fix (see KNOWN)`)
  if (problems.length > 0) {
    for (const p of problems) console.error(`✖ ${p}`)
    process.exitCode = 1
    return
  }
  console.log(`✔ ${title}`)
}
