// @ts-check
// DESIGN §4 rule 8 (issue 41): no function over 80 lines in apps/api/src or packages/domain/src, outside the
// migrations (apps/api/src/db/migrations) and the seed data (apps/api/src/db/seed); tests and their helpers
// are left out. Run by `npm run lint:layers`.
//
// Every function-like node counts on its own, the anonymous ones too: function declarations, function
// expressions, arrows (a route handler, a transaction's callback), methods, constructors and accessors.
// Its length is the lines from its first token (its leading comment left out) to its last, both included,
// so a plugin of route registrations counts as a whole, and so does a callback inside it.
//
// A function is named by its own name, else the variable, property or class member it is assigned to, and
// after the functions it sits in: `prepareOrder › (anonymous)`. A KNOWN entry is that name alone, so a
// function whose file moves to another module while it is being split stays known; it excuses every
// function so named, wherever it is.
import { lineOf, parse, reconcile, report, sourceFiles, ts } from './lib/lint-sources.mjs'

const MAX_LINES = 80
const SCRIPT = 'scripts/check-function-length.mjs'

/**
 * Long functions still to split, each with where it was and its length: a function may be listed only while
 * it is being split, and the entry goes with it.
 */
const KNOWN = new Map(
  /** @type {[string, string][]} */ (
    [
      // None left: issue 41 split the last ones.
    ]
  ),
)

const skip = (/** @type {string} */ rel) =>
  rel.startsWith('apps/api/src/db/migrations/') || rel.startsWith('apps/api/src/db/seed/')

/** @param {ts.Node} node */
const isFunctionLike = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node)

/** @param {ts.Node} node @param {ts.SourceFile} src @returns {string} */
function ownName(node, src) {
  const named = /** @type {{ name?: ts.Node }} */ (node).name
  if (named) return named.getText(src)
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.initializer === node
  )
    return parent.name.getText(src)
  return '(anonymous)'
}

/** @param {string} rel @returns {[string, string][]} key and message of each long function */
function longFunctionsOf(rel) {
  const src = parse(rel)
  /** @type {[string, string][]} */
  const long = []
  /** @param {ts.Node} node @param {string[]} outer names of the functions it sits in */
  const visit = (node, outer) => {
    let inner = outer
    if (isFunctionLike(node)) {
      const name = [...outer, ownName(node, src)].join(' › ')
      const first = lineOf(src, node)
      const lines = src.getLineAndCharacterOfPosition(node.getEnd()).line + 2 - first
      if (lines > MAX_LINES) long.push([name, `${rel}:${first} ${name} is ${lines} lines`])
      inner = [...outer, ownName(node, src)]
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(src, [])
  return long
}

/** @type {Map<string, string>} */
const found = new Map()
for (const rel of ['apps/api/src', 'packages/domain/src'].flatMap((dir) => sourceFiles(dir, skip))) {
  for (const [key, message] of longFunctionsOf(rel)) {
    const before = found.get(key)
    found.set(key, before ? `${before}; ${message}` : message)
  }
}
report(
  `functions: none over ${MAX_LINES} lines in apps/api/src and packages/domain/src`,
  reconcile(found, KNOWN, SCRIPT),
)
