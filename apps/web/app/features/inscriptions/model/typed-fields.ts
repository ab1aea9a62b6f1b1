import type { ParticipantsStore } from './participants-store'

/**
 * What marks an input whose events its participant's form takes itself (a text field typed into, or the box
 * ticked): the field's name.
 */
const TYPED_FIELD = 'data-typed-field'
const SEQ = 'data-seq'

/** The attributes that hand an input's typing, or its tick, to its form (`takeTypedFieldEvents`). */
export const typedFieldAttributes = (seq: number, name: string) => ({
  [TYPED_FIELD]: name,
  [SEQ]: String(seq),
})

/**
 * A key typed, the text it changed, the caret it moved, the focus coming or going, and the text committed
 * when the field is left (`change`: React would take it for an edit it never saw, since the keys' `input`
 * events stop here, and write the input's attributes back while the tap that left it waits).
 */
const TYPING = 'keydown keypress keyup beforeinput textInput input change selectionchange focusin focusout'
/** A finger or a pointer landing on the input: what a tap into a field is made of. */
const PRESSES =
  'pointerover pointerdown pointermove pointerup pointerout pointercancel gotpointercapture lostpointercapture ' +
  'touchstart touchmove touchend touchcancel mouseover mouseout mousemove mousedown mouseup click'

/**
 * A person typing into a participant's field, tapping into one or ticking its box, is the form's business
 * alone (issue 17: a form of 40 fields validates on every keystroke without a dropped frame on a mid-range
 * phone). The page's React listens to every event at the document and walks each through the page for
 * handlers, and every Mantine popover of the page (the header's menus, the searchable lists) listens to every
 * press to close when one lands outside it: some twenty events for a tap and five for a key, none of which
 * any of them acts on for a text field or a box. So the form listens first, on the window in the capture
 * phase: it tells the store of the answer typed or ticked and of the field left, and stops the event there.
 * The browser's own work goes on as before: the character typed, the tick, the caret, the focus moved, the
 * form sent on Enter.
 *
 * A press is the form's alone only while the focus is in the form already, or nowhere: while a menu of the
 * header is open the focus is in it, and the press that lands on a field must reach the menu to close it.
 * Fields drawn from their answer (lists, radios, files) and the long text (which grows as it is typed into)
 * are not marked, and go through React as every other control of the page.
 *
 * Returns what undoes it (the form leaving the page).
 */
export function takeTypedFieldEvents(win: Window, form: HTMLElement, store: ParticipantsStore): () => void {
  const doc = win.document
  const typedFieldOf = (node: EventTarget | null): HTMLInputElement | null => {
    const el = node as HTMLInputElement | null
    return el?.tagName === 'INPUT' && el.hasAttribute(TYPED_FIELD) && form.contains(el) ? el : null
  }
  const onTyping = (e: Event) => {
    // The caret's moves are told to the document, not to the input.
    const input = typedFieldOf(e.type === 'selectionchange' ? doc.activeElement : e.target)
    if (!input) return
    e.stopPropagation()
    const seq = Number(input.getAttribute(SEQ))
    if (e.type === 'input')
      store.answer(
        seq,
        input.getAttribute(TYPED_FIELD) as string,
        input.type === 'checkbox' ? input.checked : input.value,
      )
    else if (e.type === 'focusout') store.leave(input.id)
  }
  const onPress = (e: Event) => {
    if (!typedFieldOf(e.target)) return
    const focused = doc.activeElement
    if (focused && focused !== doc.body && !form.contains(focused)) return
    e.stopPropagation()
  }
  const listening = [
    ...TYPING.split(' ').map((type) => [type, onTyping] as const),
    ...PRESSES.split(' ').map((type) => [type, onPress] as const),
  ]
  // Passive: a touch on a field never holds the page's scrolling back.
  for (const [type, listener] of listening)
    win.addEventListener(type, listener, { capture: true, passive: true })
  return () => {
    for (const [type, listener] of listening) win.removeEventListener(type, listener, { capture: true })
  }
}
