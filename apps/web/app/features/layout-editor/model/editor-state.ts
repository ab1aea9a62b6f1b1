import type { Layout } from '@palco/domain/seating/layout'
import type { Draft } from 'immer'
import { type Change, edit, emptyHistory, type History, redo, undo } from './history'
import { type EditorSelection, EMPTY_SELECTION, pruneSelection } from './selection'

/**
 * The editor's whole state: the document, its history of changes, the selection and the document last
 * saved (to know about unsaved changes). Kept in one reducer so an edit and the selection it leaves
 * change together.
 */
export interface EditorState {
  doc: Layout
  history: History
  selection: EditorSelection
  /**
   * The change the saved document ends with (null: the document as loaded). Undoing back to it counts as
   * saved again, which comparing documents could not tell.
   */
  saved: Change | null
  /** The label of the last change, undone or redone, for the screen reader announcement. */
  last: { kind: 'edit' | 'undo' | 'redo'; label: string } | null
}

/**
 * A recipe changes the draft; the base document is passed alongside to read from without proxies. It
 * may return the selection to show afterwards (the copies after a duplicate, the section just added).
 */
export type Recipe = (draft: Draft<Layout>, base: Layout) => EditorSelection | undefined

export type EditorAction =
  | { type: 'edit'; label: string; recipe: Recipe }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; selection: EditorSelection }
  | { type: 'saved'; at: Change | null }
  | { type: 'load'; doc: Layout }

export const initialEditorState = (doc: Layout): EditorState => ({
  doc,
  history: emptyHistory(),
  selection: EMPTY_SELECTION,
  saved: null,
  last: null,
})

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit': {
      let next: EditorSelection | undefined
      const step = edit(state.doc, state.history, action.label, (draft) => {
        next = action.recipe(draft, state.doc)
      })
      if (!step) return state
      return {
        ...state,
        doc: step.doc,
        history: step.history,
        selection: pruneSelection(next ?? state.selection, step.doc),
        last: { kind: 'edit', label: action.label },
      }
    }
    case 'undo':
    case 'redo': {
      const step = action.type === 'undo' ? undo(state.doc, state.history) : redo(state.doc, state.history)
      if (!step) return state
      return {
        ...state,
        doc: step.doc,
        history: step.history,
        selection: pruneSelection(state.selection, step.doc),
        last: { kind: action.type, label: step.change.label },
      }
    }
    case 'select':
      return action.selection === state.selection ? state : { ...state, selection: action.selection }
    case 'saved':
      return { ...state, saved: action.at }
    case 'load':
      return initialEditorState(action.doc)
  }
}

/** The change the document now ends with, to pass to 'saved' once a save of it succeeded. */
export const lastChange = (state: EditorState): Change | null => state.history.done.at(-1) ?? null

export const isDirty = (state: EditorState): boolean => lastChange(state) !== state.saved
