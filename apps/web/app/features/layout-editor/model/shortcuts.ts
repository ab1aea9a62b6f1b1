/** The editor's keyboard shortcuts: what a key press means, and the list shown in the page. */

export type EditorTool = 'select' | 'pan' | 'polygon'

export type EditorCommand =
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'duplicate' }
  | { type: 'delete' }
  | { type: 'rotate'; degrees: number }
  | { type: 'mirror' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'zoom'; to: 'in' | 'out' | 'fit' }
  | { type: 'select_all' }
  | { type: 'escape' }
  | { type: 'finish' }
  | { type: 'tool'; tool: EditorTool }

export interface KeyPress {
  key: string
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}

export const ROTATE_STEP = 15
export const NUDGE = 1
export const NUDGE_LARGE = 10

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/** Ctrl on Windows and Linux, Cmd on a Mac: either counts. */
export function commandOf(e: KeyPress): EditorCommand | null {
  const mod = e.ctrlKey || e.metaKey
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? { type: 'redo' } : { type: 'undo' }
    if (key === 'y') return { type: 'redo' }
    if (key === 'd') return { type: 'duplicate' }
    if (key === 'a') return { type: 'select_all' }
    return null
  }
  if (e.altKey) return null
  const arrow = ARROWS[e.key]
  if (arrow) {
    const step = e.shiftKey ? NUDGE_LARGE : NUDGE
    return { type: 'nudge', dx: arrow[0] * step, dy: arrow[1] * step }
  }
  switch (key) {
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' }
    case 'r':
      return { type: 'rotate', degrees: e.shiftKey ? -ROTATE_STEP : ROTATE_STEP }
    case 'm':
      return e.shiftKey ? null : { type: 'mirror' }
    case '+':
    case '=':
      return { type: 'zoom', to: 'in' }
    case '-':
      return { type: 'zoom', to: 'out' }
    case '0':
      return { type: 'zoom', to: 'fit' }
    case 'Escape':
      return { type: 'escape' }
    case 'Enter':
      return { type: 'finish' }
    case 'v':
      return { type: 'tool', tool: 'select' }
    case 'h':
      return { type: 'tool', tool: 'pan' }
    case 'p':
      return { type: 'tool', tool: 'polygon' }
    default:
      return null
  }
}

/** The list shown in the page, in the order a newcomer needs them; keys are the editor's i18n keys. */
export const SHORTCUT_LIST: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['V'], action: 'tool_select' },
  { keys: ['H'], action: 'tool_pan' },
  { keys: ['P'], action: 'tool_polygon' },
  { keys: ['shift_click'], action: 'add_to_selection' },
  { keys: ['drag'], action: 'box_select' },
  { keys: ['Shift', 'drag'], action: 'box_add' },
  { keys: ['Alt', 'drag'], action: 'lasso_select' },
  { keys: ['mod', 'A'], action: 'select_all' },
  { keys: ['arrows'], action: 'nudge' },
  { keys: ['Shift', 'arrows'], action: 'nudge_large' },
  { keys: ['R'], action: 'rotate_cw' },
  { keys: ['Shift', 'R'], action: 'rotate_ccw' },
  { keys: ['M'], action: 'mirror' },
  { keys: ['mod', 'D'], action: 'duplicate' },
  { keys: ['Delete'], action: 'delete' },
  { keys: ['mod', 'Z'], action: 'undo' },
  { keys: ['mod', 'Shift', 'Z'], action: 'redo' },
  { keys: ['mod', 'Y'], action: 'redo' },
  { keys: ['+', '-'], action: 'zoom' },
  { keys: ['0'], action: 'fit' },
  { keys: ['wheel'], action: 'wheel_zoom' },
  { keys: ['space_drag'], action: 'pan' },
  { keys: ['Enter'], action: 'finish_polygon' },
  { keys: ['Escape'], action: 'escape' },
]
