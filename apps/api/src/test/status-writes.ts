import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Reads every status write in the API's modules (DESIGN §4 rule 5, issue 41 part 4): each `.set`, `.values`
 * and `.doUpdateSet` of Kysely and each raw `update … set` / `insert into` that writes a status column. A
 * write passes when it is a move:
 * - an update names the status it leaves (`where status = from`, or `in` for several) for every status
 *   column it writes, and its function consults a transition table of packages/domain (calls a `can…` or
 *   `assert…` imported from `@palco/domain/`, directly or through a function of the same file that does);
 * - an insert writes a table's initial status as a literal (or leaves it to the column's default), or its
 *   function consults the tables the same way (a payment recorded settled, a row whose status is passed in).
 * Syntax only (no type checker): a write whose columns cannot be seen (an `Updateable<…>` passed through) is
 * taken to write every status column of its table.
 */

export interface SchemaInfo {
  /** Table → its status columns (`status`, `…_status`); tables without any are left out. */
  statusColumns: ReadonlyMap<string, readonly string[]>
  /** Interface name (e.g. `TicketsTable`) → table name, for `Insertable<TicketsTable>` and the like. */
  tableOfInterface: ReadonlyMap<string, string>
}

/** Table → column → the statuses a new row may be written in without consulting a table. */
export type InitialStatuses = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>

export interface StatusWrite {
  /** Path relative to the scanned root. */
  file: string
  /** The top-level function (or `Class.method`) the write is in. */
  fn: string
  table: string
  column: string
  kind: 'update' | 'insert'
  line: number
  /** Null for a move; otherwise why not. */
  problem: string | null
}

/**
 * `table.column in fn()`: what the KNOWN list names. Neither the line nor the file: a function moved to
 * another file (modules are being reorganised) keeps its entry; one renamed or made a move drops it.
 */
export const keyOf = (w: Pick<StatusWrite, 'fn' | 'table' | 'column'>) =>
  `${w.table}.${w.column} in ${w.fn}()`

const isStatusColumn = (name: string) => name === 'status' || name.endsWith('_status')

export function readSchema(schemaText: string): SchemaInfo {
  const sf = ts.createSourceFile('schema.ts', schemaText, ts.ScriptTarget.Latest, true)
  const columnsOf = new Map<string, string[]>()
  const tableOf = new Map<string, string>()
  for (const st of sf.statements) {
    if (!ts.isInterfaceDeclaration(st)) continue
    const members = st.members.filter(ts.isPropertySignature)
    if (st.name.text === 'Database') {
      for (const m of members) {
        if (m.type && ts.isTypeReferenceNode(m.type)) tableOf.set(m.type.typeName.getText(sf), nameOf(m.name))
      }
    } else {
      columnsOf.set(st.name.text, members.map((m) => nameOf(m.name)).filter(isStatusColumn))
    }
  }
  const statusColumns = new Map<string, string[]>()
  for (const [iface, table] of tableOf) {
    const cols = columnsOf.get(iface) ?? []
    if (cols.length > 0) statusColumns.set(table, cols)
  }
  return { statusColumns, tableOfInterface: tableOf }
}

const nameOf = (n: ts.PropertyName | ts.BindingName): string =>
  ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) ? n.text : n.getText()

/** Every non-test TypeScript file under `dir`, relative to `root`. */
export function sourceFilesUnder(root: string, dir: string): { file: string; text: string }[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name)
    if (e.isDirectory()) return sourceFilesUnder(root, rel)
    if (!/\.ts$/.test(e.name) || /\.test\.ts$/.test(e.name)) return []
    return [{ file: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') }]
  })
}

export function findStatusWrites(
  files: readonly { file: string; text: string }[],
  schema: SchemaInfo,
  initial: InitialStatuses,
): StatusWrite[] {
  return files.flatMap((f) => new FileScan(f.file, f.text, schema, initial).writes())
}

/** What a `.set(…)` / `.values(…)` argument writes: named columns (with their value when seen), or anything. */
interface Written {
  columns: Map<string, ts.Expression | null>
  opaque: boolean
}

const CONSULTS = /^(?:can|assert)[A-Z]/

class FileScan {
  private readonly sf: ts.SourceFile
  private readonly domainImports = new Set<string>()
  private readonly topLevel = new Map<string, ts.Node>()
  private consulting = new Set<string>()
  private readonly found: StatusWrite[] = []

  constructor(
    private readonly file: string,
    text: string,
    private readonly schema: SchemaInfo,
    private readonly initial: InitialStatuses,
  ) {
    this.sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  }

  writes(): StatusWrite[] {
    this.readTopLevel()
    this.consulting = this.consultingFunctions()
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) this.onCall(node)
      if (ts.isTaggedTemplateExpression(node)) this.onSql(node)
      ts.forEachChild(node, visit)
    }
    visit(this.sf)
    return this.found
  }

  private readTopLevel() {
    for (const st of this.sf.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        if (!st.moduleSpecifier.text.startsWith('@palco/domain/')) continue
        const bindings = st.importClause?.namedBindings
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) this.domainImports.add(el.name.text)
      } else if (ts.isFunctionDeclaration(st) && st.name) this.topLevel.set(st.name.text, st)
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) this.topLevel.set(nameOf(d.name), d)
      } else if (ts.isClassDeclaration(st) && st.name) {
        for (const m of st.members) if (m.name) this.topLevel.set(`${st.name.text}.${nameOf(m.name)}`, m)
      }
    }
  }

  /** Top-level functions that call a domain `can…`/`assert…`, or a function of this file that does. */
  private consultingFunctions(): Set<string> {
    const calls = new Map<string, Set<string>>()
    for (const [name, node] of this.topLevel) {
      const called = new Set<string>()
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n)) {
          const callee = n.expression
          if (ts.isIdentifier(callee)) called.add(callee.text)
          else if (
            ts.isPropertyAccessExpression(callee) &&
            callee.expression.kind === ts.SyntaxKind.ThisKeyword
          )
            called.add(`${name.split('.')[0]}.${callee.name.text}`)
        }
        ts.forEachChild(n, visit)
      }
      visit(node)
      calls.set(name, called)
    }
    const consulting = new Set<string>()
    for (let grew = true; grew; ) {
      grew = false
      for (const [name, called] of calls) {
        if (consulting.has(name)) continue
        const direct = [...called].some((c) => this.domainImports.has(c) && CONSULTS.test(c))
        if (direct || [...called].some((c) => consulting.has(c))) {
          consulting.add(name)
          grew = true
        }
      }
    }
    return consulting
  }

  private enclosingFunction(node: ts.Node): string {
    let at: ts.Node = node
    while (at.parent && at.parent !== this.sf) {
      if (ts.isClassDeclaration(at.parent) && at.parent.name && 'name' in at && at.name)
        return `${at.parent.name.text}.${nameOf(at.name as ts.PropertyName)}`
      at = at.parent
    }
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text
    const first = ts.isVariableStatement(at) ? at.declarationList.declarations[0] : undefined
    return first ? nameOf(first.name) : '(top level)'
  }

  private record(
    node: ts.Node,
    table: string,
    column: string,
    kind: StatusWrite['kind'],
    problem: string | null,
  ) {
    const line = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1
    this.found.push({ file: this.file, fn: this.enclosingFunction(node), table, column, kind, line, problem })
  }

  // --- Kysely ----------------------------------------------------------------------------------------

  private onCall(call: ts.CallExpression) {
    const callee = call.expression
    if (!ts.isPropertyAccessExpression(callee)) return
    const method = callee.name.text
    if (method !== 'set' && method !== 'values' && method !== 'doUpdateSet') return
    const root = this.rootOf(call)
    if (!root) return
    const kind = method === 'values' ? 'insert' : 'update'
    if ((kind === 'insert') !== (root.verb === 'insertInto') && method !== 'doUpdateSet') return
    const statusCols = this.schema.statusColumns.get(root.table)
    if (!statusCols) return
    const written = this.writtenBy(call)
    const fn = this.enclosingFunction(call)
    const consults = this.consulting.has(fn)
    for (const col of statusCols) {
      if (!written.opaque && !written.columns.has(col)) continue
      const value = written.columns.get(col) ?? null
      const problem =
        kind === 'insert'
          ? this.insertProblem(root.table, col, value, consults)
          : this.updateProblem(call, col, consults)
      this.record(call, root.table, col, kind, problem)
    }
  }

  /** The table of the statement a call belongs to: down its own chain, or the `insertInto` of an `onConflict`. */
  private rootOf(call: ts.CallExpression): { verb: string; table: string } | null {
    const own = chainRoot(call)
    if (own) return own
    for (let at: ts.Node | undefined = call.parent; at; at = at.parent) {
      if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
        if (at.expression.name.text === 'onConflict') return chainRoot(at)
      }
    }
    return null
  }

  private writtenBy(call: ts.CallExpression): Written {
    const [first, second] = call.arguments
    if (first && second && ts.isStringLiteralLike(first))
      return { columns: new Map([[first.text, second]]), opaque: false }
    return first ? this.resolve(first, call) : { columns: new Map(), opaque: false }
  }

  private resolve(expr: ts.Expression, at: ts.Node, depth = 0): Written {
    const none: Written = { columns: new Map(), opaque: false }
    if (depth > 8) return { columns: new Map(), opaque: true }
    const merge = (...parts: Written[]): Written => ({
      columns: new Map(parts.flatMap((p) => [...p.columns])),
      opaque: parts.some((p) => p.opaque),
    })
    const again = (e: ts.Expression) => this.resolve(e, at, depth + 1)
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr))
      return again(expr.expression)
    if (ts.isObjectLiteralExpression(expr)) {
      return merge(
        ...expr.properties.map((p): Written => {
          if (ts.isPropertyAssignment(p))
            return { columns: new Map([[nameOf(p.name), p.initializer]]), opaque: false }
          if (ts.isShorthandPropertyAssignment(p))
            return { columns: new Map([[p.name.text, p.name]]), opaque: false }
          if (ts.isSpreadAssignment(p)) return again(p.expression)
          return none
        }),
      )
    }
    if (ts.isArrayLiteralExpression(expr))
      return merge(...expr.elements.map((e) => again(ts.isSpreadElement(e) ? e.expression : e)))
    if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) {
      if (!ts.isBlock(expr.body)) return again(expr.body)
      return { columns: new Map(), opaque: true }
    }
    if (ts.isConditionalExpression(expr)) return merge(again(expr.whenTrue), again(expr.whenFalse))
    if (ts.isBinaryExpression(expr)) return merge(again(expr.left), again(expr.right))
    if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
      const mapped = expr.arguments[0]
      if (expr.expression.name.text === 'map' && mapped) return again(mapped)
    }
    if (ts.isIdentifier(expr)) return this.resolveIdentifier(expr, at, depth)
    if (expr.kind === ts.SyntaxKind.NullKeyword || expr.kind === ts.SyntaxKind.UndefinedKeyword) return none
    return { columns: new Map(), opaque: true }
  }

  private resolveIdentifier(id: ts.Identifier, at: ts.Node, depth: number): Written {
    const decl = findDeclaration(id.text, at)
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && !decl.type)
      return this.resolve(decl.initializer, decl, depth + 1)
    const type = decl && (ts.isParameter(decl) || ts.isVariableDeclaration(decl)) ? decl.type : undefined
    if (type) return this.resolveType(type, depth)
    return { columns: new Map(), opaque: true }
  }

  /** The columns a type lets through: a literal type's members, Kysely's row types, a same-file interface. */
  private resolveType(type: ts.TypeNode, depth: number): Written {
    const opaque: Written = { columns: new Map(), opaque: true }
    if (depth > 8) return opaque
    const again = (t: ts.TypeNode) => this.resolveType(t, depth + 1)
    if (ts.isTypeLiteralNode(type)) return membersOf(type.members)
    if (ts.isArrayTypeNode(type)) return again(type.elementType)
    if (ts.isTypeOperatorNode(type) || ts.isParenthesizedTypeNode(type)) return again(type.type)
    if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) {
      const parts = type.types.map(again)
      return { columns: new Map(parts.flatMap((p) => [...p.columns])), opaque: parts.some((p) => p.opaque) }
    }
    if (!ts.isTypeReferenceNode(type)) return opaque
    const name = type.typeName.getText(this.sf)
    const [arg, omitted] = type.typeArguments ?? []
    if ((name === 'Omit' || name === 'Pick') && arg && omitted) {
      const inner = again(arg)
      const keys = new Set(stringLiteralsOf(omitted))
      const cols = this.columnsOfTableType(arg)
      const all = inner.opaque ? new Map(cols.map((c) => [c, null] as const)) : inner.columns
      const kept = [...all].filter(([c]) => (name === 'Omit' ? !keys.has(c) : keys.has(c)))
      return { columns: new Map(kept), opaque: false }
    }
    if (['Insertable', 'Updateable', 'Partial', 'Readonly', 'Array', 'ReadonlyArray'].includes(name) && arg)
      return again(arg)
    const table = this.schema.tableOfInterface.get(name)
    if (table) {
      const cols = this.schema.statusColumns.get(table) ?? []
      return { columns: new Map(cols.map((c) => [c, null] as const)), opaque: false }
    }
    const local = this.sf.statements.find(
      (s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === name,
    )
    if (local && ts.isInterfaceDeclaration(local)) return membersOf(local.members)
    if (local && ts.isTypeAliasDeclaration(local)) return again(local.type)
    return opaque
  }

  /** The status columns a table type names, for `Omit<Updateable<PaymentsTable>, …>`. */
  private columnsOfTableType(type: ts.TypeNode): string[] {
    if (!ts.isTypeReferenceNode(type)) return []
    const name = type.typeName.getText(this.sf)
    const inner = type.typeArguments?.[0]
    if (inner && ['Insertable', 'Updateable', 'Partial'].includes(name)) return this.columnsOfTableType(inner)
    const table = this.schema.tableOfInterface.get(name)
    return table ? [...(this.schema.statusColumns.get(table) ?? [])] : []
  }

  private insertProblem(table: string, col: string, value: ts.Expression | null, consults: boolean) {
    if (consults) return null
    const allowed = this.initial[table]?.[col] ?? []
    const literals = value ? this.literalsOf(value) : null
    if (literals?.every((s) => allowed.includes(s))) return null
    return literals
      ? `inserts ${col} ${literals.join('/')}, not an initial status (${allowed.join(', ') || 'none known'}), without consulting a transition table`
      : `inserts a ${col} it cannot show is initial, without consulting a transition table`
  }

  private updateProblem(call: ts.CallExpression, col: string, consults: boolean) {
    const guarded = guardsOf(call).has(col)
    if (guarded && consults) return null
    if (!guarded && !consults) return `sets ${col} with neither a where-${col} guard nor a transition table`
    return guarded
      ? `sets ${col} guarded by where, but consults no transition table`
      : `sets ${col} after consulting a table, but not guarded by where ${col} = from`
  }

  /** The string values an expression can only be: literals, same-file string constants, either branch. */
  private literalsOf(expr: ts.Expression): string[] | null {
    if (ts.isStringLiteralLike(expr)) return [expr.text]
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) return this.literalsOf(expr.expression)
    if (ts.isConditionalExpression(expr)) {
      const a = this.literalsOf(expr.whenTrue)
      const b = this.literalsOf(expr.whenFalse)
      return a && b ? [...a, ...b] : null
    }
    if (ts.isIdentifier(expr)) {
      const decl = this.topLevel.get(expr.text)
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return this.literalsOf(decl.initializer)
    }
    return null
  }

  // --- raw SQL ---------------------------------------------------------------------------------------

  private onSql(node: ts.TaggedTemplateExpression) {
    const tag = node.tag.getText(this.sf)
    if (!/^sql\b/.test(tag)) return
    const text = templateText(node.template)
    const fn = this.enclosingFunction(node)
    const consults = this.consulting.has(fn)
    for (const m of text.matchAll(
      /\bupdate\s+(\w+)(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b([\s\S]*?))?(?=;|\breturning\b|$)/gi,
    )) {
      const table = (m[1] ?? '').toLowerCase()
      for (const col of this.schema.statusColumns.get(table) ?? []) {
        if (!new RegExp(`(?:^|[\\s,])${col}\\s*=`, 'i').test(m[2] ?? '')) continue
        const guarded = new RegExp(`\\b${col}\\s*(?:=|in\\b|<>)`, 'i').test(m[3] ?? '')
        const problem =
          guarded && consults
            ? null
            : guarded
              ? `raw update of ${col}, consults no table`
              : `raw update of ${col}, unguarded`
        this.record(node, table, col, 'update', problem)
      }
    }
    for (const m of text.matchAll(/\binsert\s+into\s+(\w+)\s*\(([^)]*)\)/gi)) {
      const table = (m[1] ?? '').toLowerCase()
      const cols = (m[2] ?? '').split(',').map((c) => c.trim().toLowerCase())
      for (const col of this.schema.statusColumns.get(table) ?? []) {
        if (!cols.includes(col)) continue
        this.record(node, table, col, 'insert', consults ? null : `raw insert of ${col}, consults no table`)
      }
    }
  }
}

function membersOf(members: ts.NodeArray<ts.TypeElement>): Written {
  const cols = members.filter(ts.isPropertySignature).map((m) => [nameOf(m.name), null] as const)
  return { columns: new Map(cols), opaque: false }
}

function stringLiteralsOf(type: ts.TypeNode): string[] {
  if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text]
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(stringLiteralsOf)
  return []
}

function templateText(t: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text
  return t.head.text + t.templateSpans.map((s) => ` ? ${s.literal.text}`).join('')
}

/** Down a builder chain (`a.updateTable('t').set(…).where(…)`) to its `updateTable` / `insertInto`. */
function chainRoot(call: ts.CallExpression): { verb: string; table: string } | null {
  let at: ts.Expression = call
  while (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at)) {
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
      const verb = at.expression.name.text
      const arg = at.arguments[0]
      if ((verb === 'updateTable' || verb === 'insertInto') && arg && ts.isStringLiteralLike(arg))
        return { verb, table: arg.text.split(/\s+/)[0] ?? '' }
    }
    at = at.expression
  }
  return null
}

/**
 * The columns a statement's own `.where(col, '=' | 'in', …)` calls name (before or after the write in its
 * chain; not those of a subquery), including `eb(col, …)` inside a `.where((eb) => …)`.
 */
function guardsOf(call: ts.CallExpression): Set<string> {
  let top: ts.Node = call
  while (
    (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) ||
    (ts.isCallExpression(top.parent) && top.parent.expression === top)
  )
    top = top.parent
  const guards = new Set<string>()
  const add = (name: string, op: ts.Expression | undefined) => {
    if (op && ts.isStringLiteralLike(op) && ['=', 'in', '<>', '!='].includes(op.text))
      guards.add(name.split('.').pop() ?? name)
  }
  for (let at: ts.Node = top; ts.isCallExpression(at) || ts.isPropertyAccessExpression(at); ) {
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
      if (at.expression.name.text === 'where') {
        const [col, op] = at.arguments
        if (col && ts.isStringLiteralLike(col)) add(col.text, op)
        else if (col && (ts.isArrowFunction(col) || ts.isFunctionExpression(col))) {
          const visit = (n: ts.Node) => {
            if (ts.isCallExpression(n) && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]))
              add(n.arguments[0].text, n.arguments[1])
            ts.forEachChild(n, visit)
          }
          visit(col)
        }
      }
    }
    at = ts.isCallExpression(at) ? at.expression : (at as ts.PropertyAccessExpression).expression
  }
  return guards
}

/** The declaration of `name` visible at `at`: a parameter or a local of an enclosing function, or top-level. */
function findDeclaration(name: string, at: ts.Node): ts.Node | undefined {
  for (let scope: ts.Node | undefined = at; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const p = scope.parameters.find((x) => ts.isIdentifier(x.name) && x.name.text === name)
      if (p) return p
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const st of scope.statements) {
        if (!ts.isVariableStatement(st)) continue
        const d = st.declarationList.declarations.find((x) => ts.isIdentifier(x.name) && x.name.text === name)
        if (d) return d
      }
    }
  }
  return undefined
}
