import { describe, expect, it } from 'vitest'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import { edit, emptyHistory, type History, redo, undo } from './history'
import { EMPTY_SELECTION } from './selection'
import { transformSelection, translation } from './transforms'

type Counter = { n: number; items: string[] }

describe('editor history', () => {
  it('applies an edit and undoes and redoes it from patches', () => {
    const start: Counter = { n: 1, items: ['a'] }
    const step = edit(start, emptyHistory(), 'add', (d) => {
      d.n = 2
      d.items.push('b')
    })
    if (!step) throw new Error('no change recorded')
    expect(step.doc).toEqual({ n: 2, items: ['a', 'b'] })
    expect(start).toEqual({ n: 1, items: ['a'] })
    expect(step.history.done).toHaveLength(1)

    const back = undo(step.doc, step.history)
    expect(back?.doc).toEqual({ n: 1, items: ['a'] })
    expect(back?.history).toMatchObject({ done: [], undone: [{ label: 'add' }] })

    const again = back && redo(back.doc, back.history)
    expect(again?.doc).toEqual({ n: 2, items: ['a', 'b'] })
    expect(again?.history.undone).toHaveLength(0)
  })

  it('records nothing for an edit that changes nothing', () => {
    expect(
      edit({ n: 1, items: [] }, emptyHistory(), 'same', (d) => {
        d.n = 1
      }),
    ).toBeNull()
  })

  it('has nothing to undo or redo on an empty history', () => {
    expect(undo({ n: 1, items: [] }, emptyHistory())).toBeNull()
    expect(redo({ n: 1, items: [] }, emptyHistory())).toBeNull()
  })

  it('forgets what was undone when a new edit is made', () => {
    let doc: Counter = { n: 0, items: [] }
    let history: History = emptyHistory()
    for (const v of [1, 2]) {
      const s = edit(doc, history, 'set', (d) => {
        d.n = v
      })
      if (!s) throw new Error('no change')
      ;({ doc, history } = s)
    }
    const back = undo(doc, history)
    if (!back) throw new Error('nothing undone')
    const branch = edit(back.doc, back.history, 'set', (d) => {
      d.n = 5
    })
    expect(branch?.history.undone).toHaveLength(0)
    expect(branch?.history.done).toHaveLength(2)
    expect(branch && redo(branch.doc, branch.history)).toBeNull()
  })

  it('keeps at most the cap of operations, dropping the oldest', () => {
    let doc: Counter = { n: 0, items: [] }
    let history: History = emptyHistory()
    for (let v = 1; v <= 7; v++) {
      const s = edit(
        doc,
        history,
        `set ${v}`,
        (d) => {
          d.n = v
        },
        5,
      )
      if (!s) throw new Error('no change')
      ;({ doc, history } = s)
    }
    expect(history.done.map((c) => c.label)).toEqual(['set 3', 'set 4', 'set 5', 'set 6', 'set 7'])
    for (let i = 0; i < 5; i++) {
      const s = undo(doc, history)
      if (!s) throw new Error('nothing to undo')
      ;({ doc, history } = s)
    }
    // Back to the state before the oldest change kept, not further.
    expect(doc.n).toBe(2)
    expect(undo(doc, history)).toBeNull()
  })

  it('keeps a seat move as a few row-level patches, not one per seat', () => {
    const layout = smallLayout()
    const sel = { ...EMPTY_SELECTION, seats: new Map([['A', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]]) }
    const step = edit(layout, emptyHistory(), 'move', (d) =>
      transformSelection(d, layout, sel, translation(5, 0)),
    )
    expect(step?.change.patches.length).toBeLessThanOrEqual(2)
    const back = step && undo(step.doc, step.history)
    expect(back?.doc).toEqual(layout)
  })
})
