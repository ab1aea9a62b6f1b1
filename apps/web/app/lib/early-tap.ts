/**
 * Taps before the app is ready are kept, not lost (issue 13: "Crear una cuenta" and the account menu needed
 * two or three taps). The page is painted before its scripts run (lib/paint-first.ts), so for a second or two
 * on a phone a button that only the script drives does nothing. Links and forms the server answers work then;
 * for everything else this inline script, the first thing in the page's head, keeps the last such tap and
 * replays it on the same element once React has hydrated that element.
 *
 * What it keeps: a click on a button (or `[role=button]`), a radio or a checkbox that React has not hydrated
 * yet, and a submission of a form that only the script handles (no `action` of its own: without the script the
 * browser would send its fields to the page's own URL as a query string, a password included). What it leaves
 * alone: links, forms the server answers (React Router's `<Form>`, the theme switch), radios whose form adopts
 * the tick when it hydrates (`data-early-tick`), buttons that open a popover, reset buttons, anything React
 * already handles. A field typed into or a select changed before then keeps its value on the page, and a form
 * reading its fields when sent (react-hook-form, the zone picker) sends it.
 *
 * One tap is kept, the last: a second tap on the same control is the same wish (replaying both would open a
 * menu and close it again), and a tap anywhere else means the person moved on. A kept tap is replayed within
 * 50 ms of both the page's hydration being committed (`markHydrated`, from the document's layout effect; at
 * once if the element is hydrated by then) and its element being hydrated (for a lazily loaded part, such as
 * the account menu, when that part hydrates), and dropped after 20 s or when the element leaves the page.
 * Not before the commit: a radio clicked while React is still hydrating would be hydrated as already ticked,
 * so React would see no change and set it back.
 */
export function captureEarlyTaps(win: Window, everyMs: number, giveUpMs: number): void {
  const CONTROL =
    'a[href],button,input[type=submit],input[type=button],input[type=radio],input[type=checkbox],[role=button]'
  let kept: {
    el: HTMLElement
    form: HTMLFormElement | null
    at: number
    x: number
    y: number
    text: string | null
  } | null = null
  let timer = 0
  const ready = () => (win as Window & { __palcoHydrated?: boolean }).__palcoHydrated === true
  // React marks every node it has hydrated or rendered with its props (the e2e helpers read the same mark);
  // from then on, once the page's hydration is committed, React's own listener dispatches a click there to its
  // handler.
  const live = (node: object) => Object.keys(node).some((k) => k.indexOf('__reactProps$') === 0)
  // A form with no action of its own is the script's; so is one whose action is a function, which React
  // renders as a javascript: URL.
  const scriptOnly = (form: HTMLFormElement) => {
    const action = (form.getAttribute('action') || '').trim().toLowerCase()
    return action === '' || action.indexOf('javascript:') === 0
  }
  const replay = () => {
    timer = 0
    const k = kept
    if (!k) return
    if (!k.el.isConnected && !k.form) {
      // Streamed HTML may swap what was tapped for its finished version (React revealing a Suspense
      // boundary, the account menu on a server's first render): the same control under the same spot stands in.
      const now = win.document.elementFromPoint(k.x, k.y)?.closest(CONTROL) as HTMLElement | null | undefined
      if (now && now.tagName === k.el.tagName && now.textContent === k.text) k.el = now
    }
    if (!k.el.isConnected || Date.now() - k.at > giveUpMs) {
      kept = null
      return
    }
    if (!ready() || !live(k.form || k.el)) {
      timer = win.setTimeout(replay, everyMs)
      return
    }
    kept = null
    if (k.form) k.form.requestSubmit(k.el === k.form ? null : k.el)
    else {
      // A tap focuses what it presses (where a menu returns focus when it closes).
      k.el.focus({ preventScroll: true })
      k.el.click()
    }
  }
  const keep = (e: Event, el: HTMLElement, form: HTMLFormElement | null) => {
    // No default (a script-only form would be sent to the wrong URL) and no one else: if React is already
    // hydrating, it must not handle this tap as well as the replay.
    e.preventDefault()
    e.stopPropagation()
    const point = e as MouseEvent
    kept = { el, form, at: Date.now(), x: point.clientX, y: point.clientY, text: el.textContent }
    if (!timer) timer = win.setTimeout(replay, everyMs)
  }
  // The commit itself calls this (markHydrated): a kept tap whose element is hydrated is replayed in the next
  // task instead of at the next 50 ms poll. From then on React takes every press itself, so the listener that
  // kept them from it goes (it would still hear every key's input event and every touch of the page).
  ;(win as Window & { __palcoHydratedNow?: () => void }).__palcoHydratedNow = () => {
    for (const type of PRESSES) win.removeEventListener(type, beforeReact, true)
    if (!timer) return
    win.clearTimeout(timer)
    timer = win.setTimeout(replay, 0)
  }
  // What the browser answers by itself, script or not: a link, a reset button, the controls of a form the server
  // answers (radios and checkboxes tick by themselves, which is enough only there: elsewhere the script's state
  // would not follow the tick), a radio whose form adopts the tick when it hydrates (`data-early-tick`, the
  // payment methods) and a button that opens a popover (the account menu).
  const byBrowser = (el: HTMLInputElement) =>
    el.tagName === 'A' ||
    el.type === 'reset' ||
    (!!el.form && !scriptOnly(el.form) && /^(submit|radio|checkbox)$/.test(el.type)) ||
    (el.type === 'radio' && el.hasAttribute('data-early-tick')) ||
    el.hasAttribute('popovertarget')
  const controlOf = (e: Event) => (e.target as Element | null)?.closest?.(CONTROL) as HTMLInputElement | null
  // Until the hydration is committed, React finishes it at once inside any press that reaches it (0.5 s of
  // one task on a slow phone, before the browser may answer): the presses of what the browser answers stop
  // here, their defaults (the navigation, the tick, the popover, the focus) still happen, and React goes on
  // hydrating as before.
  const PRESS =
    'pointerdown pointerup pointercancel mousedown mouseup touchstart touchend touchcancel click input change'
  const PRESSES = PRESS.split(' ')
  const beforeReact = (e: Event) => {
    const el = controlOf(e)
    if (el && byBrowser(el)) e.stopPropagation()
  }
  for (const type of PRESSES) win.addEventListener(type, beforeReact, { capture: true, passive: true })
  win.addEventListener(
    'click',
    (e) => {
      // The replay's own click is untrusted, and lands on a hydrated element anyway.
      if (!e.isTrusted) return
      const el = controlOf(e)
      // React's mark alone is not enough: it is set while React still hydrates, and a radio ticked then is
      // hydrated as already ticked and set back, so until the commit every such tap is kept.
      if (!el || byBrowser(el) || (ready() && live(el))) {
        kept = null
        return
      }
      keep(e, el, null)
    },
    true,
  )
  // Enter in a field submits without a click.
  win.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement
      if ((ready() && live(form)) || !scriptOnly(form)) return
      keep(e, ((e as SubmitEvent).submitter as HTMLElement | null) || form, form)
    },
    true,
  )
}

/** Called once the page's hydration is committed: kept taps may be replayed from then on. */
export function markHydrated(win: Window): void {
  const w = win as Window & { __palcoHydrated?: boolean; __palcoHydratedNow?: () => void }
  w.__palcoHydrated = true
  w.__palcoHydratedNow?.()
}

const EVERY_MS = 50
const GIVE_UP_MS = 20_000
let code = ''

/** The inline `<script>` that starts the capture, with the response's CSP nonce. */
export function earlyTapScript(nonce: string | undefined): string {
  // The function's own text, less its comment lines and indentation (every page carries it, before anything
  // else in the head). Safe here because none of its strings spans lines or holds "//". Made on first use, so
  // the browser's bundle, which only needs markHydrated, can leave the rest out.
  code ||= `(${captureEarlyTaps
    .toString()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n')})(window,${EVERY_MS},${GIVE_UP_MS})`
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>${code}</script>`
}
