import type { Layout } from '@palco/domain/seating/layout'
import { type LayoutProblem, validateLayout } from '@palco/domain/seating/layout-validation'
import { useEffect, useState } from 'react'

/** After a change, the check waits this long for the next one: typing and nudging do not run it each time. */
const SETTLE_MS = 400

/**
 * The check before publishing (issue 18 part 3) on the document as it is now. It runs a moment after the
 * last change, off the input's path; until it has run on the current document the result is null, and the
 * page keeps Publish disabled.
 */
export function useLayoutProblems(doc: Layout | null): {
  problems: LayoutProblem[] | null
  checkedDoc: Layout | null
} {
  const [result, setResult] = useState<{ doc: Layout | null; problems: LayoutProblem[] | null }>({
    doc: null,
    problems: null,
  })
  useEffect(() => {
    if (!doc) return
    const timer = setTimeout(() => {
      let problems: LayoutProblem[]
      try {
        problems = validateLayout(doc)
      } catch {
        // A document the check cannot read is not publishable; the server says why on Publish.
        problems = [{ severity: 'error', code: 'NO_SELLABLE_PLACES', target: { kind: 'layout' }, params: {} }]
      }
      setResult({ doc, problems })
    }, SETTLE_MS)
    return () => clearTimeout(timer)
  }, [doc])
  return result.doc === doc
    ? { problems: result.problems, checkedDoc: doc }
    : { problems: null, checkedDoc: null }
}
