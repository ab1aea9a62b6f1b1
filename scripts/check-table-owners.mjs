// @ts-check
// One owner per table (DESIGN §4 rule 7; issue 41 part 3): each table is written by one module of the API,
// and another module changes it by calling that module's service. Run by `npm run lint:layers`.
//
// A write is an INSERT, UPDATE, DELETE or MERGE of a table, found in the module's source with comments left
// out: Kysely's `.insertInto('t')`, `.updateTable('t')`, `.deleteFrom('t')`, `.mergeInto('t')` (an alias
// `'t as x'` counts as t), and the same statements written in sql`` text (`insert into t`, `update t … set`,
// `delete from t`, `merge into t`). Reads are free: a module may join or read any table.
//
// OWNERS names every table's module; a table written by another module, or a written table OWNERS does not
// name, fails. The database's own setup (apps/api/src/db: migrations, seeds, the hold rule's SQL) is not a
// module and is not checked.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, reconcile, report, sourceFiles } from './lib/lint-sources.mjs'

const SCRIPT = 'scripts/check-table-owners.mjs'

/** Each table's one writer: the module under apps/api/src/modules that owns it. */
const OWNERS = new Map(
  /** @type {[string, string][]} */ ([
    ['app_meta', 'app-meta'],
    ['attendee_exports', 'reports'],
    ['sales_contributions', 'dashboards'],
    ['sales_rollup_marks', 'dashboards'],
    ['sales_rollups', 'dashboards'],
    ['audit_log', 'catalog-admin'],
    ['auth_accounts', 'auth'],
    ['auth_attempts', 'auth'],
    ['auth_users', 'auth'],
    ['box_office_shifts', 'box-office'],
    ['courtesy_quotas', 'box-office'],
    ['courtesy_reasons', 'box-office'],
    ['operator_events', 'box-office'],
    ['organisers', 'organisers'],
    ['organiser_staff', 'organisers'],
    ['event_product_items', 'catalog-admin'],
    ['events', 'catalog-admin'],
    ['installment_plans', 'catalog-admin'],
    ['layouts', 'catalog-admin'],
    ['price_zones', 'catalog-admin'],
    ['tours', 'catalog-admin'],
    ['venues', 'catalog-admin'],
    ['fans', 'fans'],
    ['inscription_drafts', 'inscriptions'],
    ['inscription_entries', 'inscriptions'],
    ['inscription_forms', 'inscriptions'],
    ['outbox_messages', 'notifications'],
    ['orders', 'orders'],
    ['cart_promos', 'orders'],
    ['promo_codes', 'orders'],
    ['promo_fan_uses', 'orders'],
    ['payments', 'payments'],
    ['payment_webhooks', 'payments'],
    ['sandbox_payments', 'payments'],
    ['sandbox_card_tokens', 'payments'],
    ['saved_cards', 'payments'],
    ['used_card_tokens', 'payments'],
    ['installment_charges', 'plans'],
    ['installment_notices', 'plans'],
    ['event_seats', 'seating'],
    ['seat_holds', 'seating'],
    ['seat_customizations', 'seating'],
    ['ticket_checkins', 'tickets'],
    ['ticket_transfers', 'tickets'],
    ['tickets', 'tickets'],
    ['uploads', 'uploads'],
    ['waiting_rooms', 'waiting-room'],
    ['waiting_room_places', 'waiting-room'],
    ['wallet_accounts', 'wallet'],
    ['wallet_entries', 'wallet'],
  ]),
)

/** Writes still made by a module that does not own the table: `module → table`, each with who fixes it. */
const KNOWN = new Map(/** @type {[string, string][]} */ ([]))

const BUILDER = /\.(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]/g
const RAW = [
  /\binsert\s+into\s+([a-z_]+)/gi,
  /\bupdate\s+([a-z_]+)(?:\s+(?:as\s+)?(?!set\b)[a-z_]+)?\s+set\b/gi,
  /\bdelete\s+from\s+([a-z_]+)/gi,
  /\bmerge\s+into\s+([a-z_]+)/gi,
]

/** The file's text with its comments removed (a comment may name a statement without making it). */
const codeOf = (/** @type {string} */ rel) => stripComments(fs.readFileSync(path.join(ROOT, rel), 'utf8'))

/** Removes // and /* *\/ comments, leaving strings and templates as they are. */
function stripComments(/** @type {string} */ text) {
  let out = ''
  let i = 0
  /** @type {string | null} */
  let quote = null
  while (i < text.length) {
    const c = text[i]
    const next = text[i + 1]
    if (quote) {
      out += c
      if (c === '\\') {
        out += next ?? ''
        i += 2
        continue
      }
      if (c === quote) quote = null
      i++
      continue
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c
      out += c
      i++
    } else if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else {
      out += c
      i++
    }
  }
  return out
}

/** @type {Map<string, string>} key `module → table` → the message */
const found = new Map()
const problems = []
for (const rel of sourceFiles('apps/api/src/modules')) {
  const owner = rel.split('/')[4] ?? ''
  const code = codeOf(rel)
  const tables = new Set([...code.matchAll(BUILDER)].map((m) => m[1] ?? ''))
  for (const re of RAW) for (const m of code.matchAll(re)) tables.add((m[1] ?? '').toLowerCase())
  for (const table of tables) {
    const ownedBy = OWNERS.get(table)
    if (!ownedBy)
      problems.push(`${rel} writes ${table}, which OWNERS in ${SCRIPT} does not name: name its module`)
    else if (ownedBy !== owner)
      found.set(
        `${owner} → ${table}`,
        `${rel} writes ${table}, owned by ${ownedBy}: call ${ownedBy}'s service`,
      )
  }
}

const outcome = reconcile(found, KNOWN, SCRIPT)
outcome.problems.unshift(...problems)
report('tables: each written by its one owning module', outcome)
