// @ts-check
// Two layering rules of DESIGN §4 (rules 2, 3 and 7; issue 41 part 3) that need a file's syntax rather than
// its imports alone. Run by `npm run lint:layers`.
//
//  1. No route file imports a repository, its own module's included: a route validates, calls a service
//     and answers. A route file is a module's `*.routes.ts` or `*.module.ts`, or any file of
//     apps/api/src that declares a route (`x.get('/…', …)`, `.post`, `.put`, `.patch`, `.delete`, `.head`,
//     `.options` with a path literal first, or `x.route({ … })`). "Imports" counts every import and
//     re-export that names a `*.repository.js` file, type-only ones too (a row type leaks the table).
//
//  2. No service only re-exports repository functions. In a module's `*.service.ts`, an export is a
//     pass-through when it is
//       a. `export { x } from '…/*.repository.js'` (type-only names aside: they carry no behaviour);
//       b. `export { x }` or `export const y = x` of a binding imported from a repository;
//       c. an exported function (declaration, arrow or function expression) whose body is a single call of
//          a repository function — returned, awaited or bare — whose arguments are all of the function's
//          own parameters, each passed as it came (the same names, every one of them, in order).
//     A function that adds a rule, a check, a default, a mapping, or a transaction around the call is a
//     service and passes; so does one that narrows the call (`setRole(db, id, role)` writing `{ role }`).
//
// Each finding is keyed `file name: name` (the file's base name, so a file moved to another module stays
// known); KNOWN excuses today's findings in modules others are reworking, and fails when one is gone.
import path from 'node:path'
import { lineOf, parse, reconcile, report, sourceFiles, ts } from './lib/lint-sources.mjs'

const SCRIPT = 'scripts/check-service-boundaries.mjs'
const REPOSITORY = /\.repository(?:\.js)?$/

/** Route files that still import a repository: `file: imported repository`. */
const KNOWN_ROUTE_IMPORTS = new Map(/** @type {[string, string][]} */ ([]))

/** Service exports that still only pass a repository function on: `file: exported name`. */
const KNOWN_PASS_THROUGHS = new Map(/** @type {[string, string][]} */ ([]))

/** @param {ts.SourceFile} src */
const isRouteFile = (src) => {
  const rel = src.fileName
  if (/^apps\/api\/src\/modules\/.+\.(?:routes|module)\.ts$/.test(rel)) return true
  let declares = false
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (declares) return
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text
      const [first] = node.arguments
      if (
        /^(?:get|post|put|patch|delete|head|options)$/.test(method) &&
        first &&
        (ts.isStringLiteral(first) ||
          ts.isNoSubstitutionTemplateLiteral(first) ||
          ts.isTemplateExpression(first)) &&
        first.getText(src).slice(1).startsWith('/')
      )
        declares = true
      if (method === 'route' && first && ts.isObjectLiteralExpression(first)) declares = true
    }
    ts.forEachChild(node, visit)
  }
  visit(src)
  return declares
}

/** The module specifiers a file imports or re-exports from, with the line of each. */
function importsOf(/** @type {ts.SourceFile} */ src) {
  /** @type {{ spec: string, line: number }[]} */
  const found = []
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push({ spec: node.moduleSpecifier.text, line: lineOf(src, node) })
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push({ spec: node.arguments[0].text, line: lineOf(src, node) })
    ts.forEachChild(node, visit)
  }
  visit(src)
  return found
}

function routeImports(/** @type {string[]} */ files) {
  /** @type {Map<string, string>} */
  const found = new Map()
  for (const rel of files) {
    const src = parse(rel)
    if (!isRouteFile(src)) continue
    for (const { spec, line } of importsOf(src)) {
      if (!REPOSITORY.test(spec)) continue
      const key = `${path.basename(rel)}: ${path.basename(spec)}`
      found.set(key, `route file imports a repository: ${rel}:${line} imports '${spec}'`)
    }
  }
  return found
}

/** Local names bound by imports from a repository (`import { a as b }` binds b; `import * as r` binds r). */
function repositoryBindings(/** @type {ts.SourceFile} */ src) {
  const names = new Set()
  for (const st of src.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue
    if (!REPOSITORY.test(st.moduleSpecifier.text) || st.importClause?.isTypeOnly) continue
    const bindings = st.importClause?.namedBindings
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text)
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) if (!el.isTypeOnly) names.add(el.name.text)
  }
  return names
}

/** The repository function a call expression calls (`f(…)` or `ns.f(…)`), if it is one. */
const calledRepository = (/** @type {ts.Expression} */ callee, /** @type {Set<string>} */ repo) =>
  (ts.isIdentifier(callee) && repo.has(callee.text)) ||
  (ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    repo.has(callee.expression.text))

/** The one expression a function body is: `=> e`, `{ return e }`, `{ e }`, with `await` and parentheses off. */
function soleExpression(/** @type {ts.ConciseBody | undefined} */ body) {
  /** @type {ts.Expression | undefined} */
  let e
  if (!body) return undefined
  if (!ts.isBlock(body)) e = body
  else if (body.statements.length === 1) {
    const [st] = body.statements
    if (st && ts.isReturnStatement(st)) e = st.expression
    if (st && ts.isExpressionStatement(st)) e = st.expression
  }
  while (e && (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression
  return e
}

/** Whether a function's body only calls a repository function with its own parameters, unchanged. */
function forwardsToRepository(
  /** @type {ts.SignatureDeclarationBase & { body?: ts.ConciseBody }} */ fn,
  /** @type {Set<string>} */ repo,
) {
  const call = soleExpression(fn.body)
  if (!call || !ts.isCallExpression(call) || !calledRepository(call.expression, repo)) return false
  const params = fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : null))
  if (params.includes(null) || call.arguments.length !== params.length) return false
  return call.arguments.every((arg, i) => {
    const inner = ts.isSpreadElement(arg) ? arg.expression : arg
    return ts.isIdentifier(inner) && inner.text === params[i]
  })
}

const isExported = (/** @type {ts.Node} */ node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** @param {string} rel @returns {[string, string][]} */
function passThroughsOf(rel) {
  const src = parse(rel)
  const repo = repositoryBindings(src)
  /** @type {[string, string][]} */
  const found = []
  const add = (/** @type {string} */ name, /** @type {ts.Node} */ node, /** @type {string} */ how) =>
    found.push([
      `${path.basename(rel)}: ${name}`,
      `service only passes a repository function on: ${rel}:${lineOf(src, node)} ${name} (${how})`,
    ])
  for (const st of src.statements) {
    if (
      ts.isExportDeclaration(st) &&
      !st.isTypeOnly &&
      st.exportClause &&
      ts.isNamedExports(st.exportClause)
    ) {
      const from =
        st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null
      for (const el of st.exportClause.elements) {
        if (el.isTypeOnly) continue
        const local = (el.propertyName ?? el.name).getText(src)
        if (from && REPOSITORY.test(from)) add(el.name.text, st, `re-exported from '${from}'`)
        else if (!from && repo.has(local)) add(el.name.text, st, `re-exports the repository's ${local}`)
      }
    }
    if (ts.isFunctionDeclaration(st) && isExported(st) && st.name && forwardsToRepository(st, repo))
      add(st.name.text, st, 'forwards its arguments unchanged')
    if (ts.isVariableStatement(st) && isExported(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer
        if (!init || !ts.isIdentifier(d.name)) continue
        if (ts.isIdentifier(init) && repo.has(init.text))
          add(d.name.text, d, `another name for the repository's ${init.text}`)
        else if (
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) &&
          forwardsToRepository(init, repo)
        )
          add(d.name.text, d, 'forwards its arguments unchanged')
      }
    }
  }
  return found
}

const apiFiles = sourceFiles('apps/api/src', (rel) => /^apps\/api\/src\/db\/(?:migrations|seed)\//.test(rel))
report(
  'route files: none imports a repository',
  reconcile(routeImports(apiFiles), KNOWN_ROUTE_IMPORTS, SCRIPT),
)
const services = apiFiles.filter((rel) => /^apps\/api\/src\/modules\/.+\.service\.ts$/.test(rel))
report(
  'services: none only re-exports repository functions',
  reconcile(new Map(services.flatMap(passThroughsOf)), KNOWN_PASS_THROUGHS, SCRIPT),
)
