import { countSeats, type Layout, layoutSchema } from './layout.js'
import { findLayoutTextProblem } from './layout-text.js'
import {
  blocksPublishing,
  type LayoutProblem,
  validateLayout,
  withoutUnusedDefaultSection,
} from './layout-validation.js'

/**
 * A layout document made ready to store, or the reason it cannot be: the whole of the work a save, a
 * create or a publish does on the document itself (contract, text rule, the check, serialisation). It is
 * pure and takes and gives plain data, so the API can run it off the event loop (a 500,000-seat document
 * takes seconds) and hand back only JSON text and a few numbers.
 */
export interface StoredLayoutColumns {
  /** The document as stored: JSON text. */
  data: string
  kind: Layout['kind']
  seat_count: number
}

export type PreparedLayout =
  | { kind: 'ok'; columns: StoredLayoutColumns; problems: LayoutProblem[] }
  /** The document breaks the contract or the text rule: fields named as `data.sections.0.name`. */
  | { kind: 'invalid'; breaks: { field: string; rule: string }[] }
  /** The check found errors, which block publishing. */
  | { kind: 'unpublishable'; problems: LayoutProblem[] }

/** The stored columns of a document that passed the contract. */
export const storedColumnsOf = (layout: Layout): StoredLayoutColumns => ({
  data: JSON.stringify(layout),
  kind: layout.kind,
  seat_count: countSeats(layout).total,
})

/**
 * Publishing: errors block; the unused default section is left out of what is stored. `asText` is the
 * layout's JSON when the caller has it already, kept as it is when nothing is left out.
 */
function published(layout: Layout, asText?: string): PreparedLayout {
  const problems = validateLayout(layout)
  if (blocksPublishing(problems))
    return { kind: 'unpublishable', problems: problems.filter((p) => p.severity === 'error') }
  const kept = withoutUnusedDefaultSection(layout)
  const columns =
    kept === layout && asText !== undefined
      ? { data: asText, kind: layout.kind, seat_count: countSeats(layout).total }
      : storedColumnsOf(kept)
  return { kind: 'ok', columns, problems }
}

/**
 * A document sent by the editor or the API: checked against layoutSchema (the first 20 issues), then the
 * text rule an import is held to (so whatever is saved imports again from its own export); with `publish`
 * also the publishing check.
 */
export function prepareLayoutDocument(data: unknown, opts: { publish: boolean }): PreparedLayout {
  const parsed = layoutSchema.safeParse(data)
  if (!parsed.success) {
    return {
      kind: 'invalid',
      breaks: parsed.error.issues
        .slice(0, 20)
        .map((i) => ({ field: ['data', ...i.path].join('.'), rule: i.message })),
    }
  }
  const text = findLayoutTextProblem(parsed.data)
  if (text) {
    return {
      kind: 'invalid',
      breaks: [{ field: ['data', ...text.at].map(String).join('.'), rule: text.reason }],
    }
  }
  return opts.publish
    ? published(parsed.data)
    : { kind: 'ok', columns: storedColumnsOf(parsed.data), problems: [] }
}

/** A stored draft (JSON text that passed the contract when it was saved) checked for publishing. */
export function prepareLayoutPublication(storedJson: string): PreparedLayout {
  return published(JSON.parse(storedJson) as Layout, storedJson)
}
