import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { earlyTapScript, markHydrated } from './early-tap'

type Listener = (e: FakeEvent) => void

/** A stand-in element: what the capture reads of one (its tag, type, form, hydration mark) and does to it. */
class FakeElement {
  isConnected = true
  clicks = 0
  focused = false
  attributes: Record<string, string> = {}
  submitted: (FakeElement | null)[] = []
  form: FakeElement | null = null
  constructor(
    readonly tagName: string,
    readonly type = '',
    readonly matches = true,
    readonly textContent = '',
  ) {}
  closest() {
    return this.matches ? this : null
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null
  }
  hasAttribute(name: string) {
    return name in this.attributes
  }
  focus() {
    this.focused = true
  }
  click() {
    this.clicks++
  }
  requestSubmit(submitter: FakeElement | null) {
    this.submitted.push(submitter)
  }
  /** What React leaves on a node it has hydrated. */
  hydrate() {
    Object.assign(this, { __reactProps$x1y2: {} })
  }
}

class FakeEvent {
  prevented = false
  stopped = false
  readonly clientX = 120
  readonly clientY = 30
  constructor(
    readonly target: FakeElement,
    readonly isTrusted = true,
    readonly submitter: FakeElement | null = null,
  ) {}
  preventDefault() {
    this.prevented = true
  }
  stopPropagation() {
    this.stopped = true
  }
}

/**
 * Runs the page's inline script against a stand-in window with a hand-driven clock and timers; most cases
 * start from a committed hydration.
 */
function page({ committed = true } = {}) {
  const listeners: Record<string, Listener[]> = {}
  let now = 1_000_000
  let timers: { id: number; at: number; fn: () => void }[] = []
  let lastId = 0
  let underFinger: FakeElement | null = null
  const window = {
    document: {
      elementFromPoint: (x: number, y: number) => (x === 120 && y === 30 ? underFinger : null),
    },
    addEventListener: (type: string, fn: Listener, options: boolean | { capture: boolean }) => {
      expect(typeof options === 'boolean' ? options : options.capture).toBe(true)
      const list = listeners[type] ?? []
      list.push(fn)
      listeners[type] = list
    },
    removeEventListener: (type: string, fn: Listener, capture: boolean) => {
      expect(capture).toBe(true)
      listeners[type] = (listeners[type] ?? []).filter((f) => f !== fn)
    },
    setTimeout: (fn: () => void, ms: number) => {
      lastId++
      timers.push({ id: lastId, at: now + ms, fn })
      return lastId
    },
    clearTimeout: (id: number) => {
      timers = timers.filter((t) => t.id !== id)
    },
  }
  const script = earlyTapScript('N0nce==')
  const code = /^<script nonce="N0nce==">([\s\S]*)<\/script>$/.exec(script)?.[1]
  if (!code) throw new Error(`not one script element: ${script.slice(0, 80)}`)
  vm.runInNewContext(code, { window, Date: { now: () => now }, Object })
  if (committed) markHydrated(window as unknown as Window)
  const fire = (type: string, e: FakeEvent) => {
    for (const fn of listeners[type] ?? []) fn(e)
    return e
  }
  return {
    tap: (el: FakeElement, trusted = true) => fire('click', new FakeEvent(el, trusted)),
    /** Another event of a press (pointerdown, input…). */
    press: (type: string, el: FakeElement) => fire(type, new FakeEvent(el)),
    submit: (form: FakeElement, submitter: FakeElement | null = null) =>
      fire('submit', new FakeEvent(form, true, submitter)),
    commit: () => markHydrated(window as unknown as Window),
    /** What the page now shows where the taps landed. */
    showAtTap(el: FakeElement) {
      underFinger = el
    },
    /** Moves the clock on, running the timers that fall due. */
    wait(ms: number) {
      const until = now + ms
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0]
        if (!due) break
        timers = timers.filter((t) => t !== due)
        now = due.at
        due.fn()
      }
      now = until
    },
  }
}

const button = (type = 'button') => new FakeElement('BUTTON', type)

describe('early taps', () => {
  it('keeps a tap on a button the script has not reached and replays it once its element is hydrated', () => {
    const p = page()
    const menu = button()
    const e = p.tap(menu)
    expect(e.prevented && e.stopped).toBe(true)
    p.wait(1_500)
    expect(menu.clicks).toBe(0)
    menu.hydrate()
    p.wait(50)
    expect(menu.clicks).toBe(1)
    expect(menu.focused).toBe(true)
    p.wait(5_000)
    expect(menu.clicks).toBe(1)
  })

  it('waits for the hydration to be committed, not only for the element to be reached', () => {
    const p = page({ committed: false })
    const cash = new FakeElement('INPUT', 'radio')
    p.tap(cash)
    cash.hydrate()
    p.wait(500)
    expect(cash.clicks).toBe(0)
    // The commit replays it in the next task, not at the next poll.
    p.wait(20)
    p.commit()
    p.wait(0)
    expect(cash.clicks).toBe(1)
  })

  it('keeps a tap on an element React has reached while its hydration is not committed yet', () => {
    const p = page({ committed: false })
    const cash = new FakeElement('INPUT', 'radio')
    cash.hydrate()
    expect(p.tap(cash).prevented).toBe(true)
    p.wait(500)
    expect(cash.clicks).toBe(0)
    p.commit()
    p.wait(50)
    expect(cash.clicks).toBe(1)
  })

  it('replays two taps on the same control as one (a menu opened, not opened and closed)', () => {
    const p = page()
    const menu = button()
    p.tap(menu)
    p.wait(300)
    p.tap(menu)
    menu.hydrate()
    p.wait(200)
    expect(menu.clicks).toBe(1)
  })

  it('keeps only the last control tapped, and drops a kept tap when the person taps elsewhere', () => {
    const p = page()
    const first = button()
    const second = button()
    p.tap(first)
    p.tap(second)
    first.hydrate()
    second.hydrate()
    p.wait(100)
    expect([first.clicks, second.clicks]).toEqual([0, 1])

    const menu = button()
    p.tap(menu)
    const blank = p.tap(new FakeElement('DIV', '', false))
    expect(blank.prevented).toBe(false)
    menu.hydrate()
    p.wait(100)
    expect(menu.clicks).toBe(0)
  })

  it('leaves alone what works without the script, and what React already handles', () => {
    const p = page()
    const serverForm = new FakeElement('FORM')
    serverForm.attributes.action = '/preferences/theme'
    const themeSubmit = button('submit')
    themeSubmit.form = serverForm
    const hydrated = button()
    hydrated.hydrate()
    for (const el of [new FakeElement('A'), button('reset'), themeSubmit, hydrated]) {
      const e = p.tap(el)
      expect(e.prevented || e.stopped).toBe(false)
    }
    expect(p.submit(serverForm).prevented).toBe(false)
    const e = p.tap(button(), false)
    expect(e.prevented).toBe(false)
  })

  it('keeps a radio the script drives unticked until the script can follow it', () => {
    const p = page()
    const cash = new FakeElement('INPUT', 'radio')
    expect(p.tap(cash).prevented).toBe(true)
    cash.hydrate()
    p.wait(50)
    expect(cash.clicks).toBe(1)

    const serverForm = new FakeElement('FORM')
    serverForm.attributes.action = '/search'
    const filter = new FakeElement('INPUT', 'checkbox')
    filter.form = serverForm
    expect(p.tap(filter).prevented).toBe(false)
  })

  it('keeps React out of the presses the browser answers until the hydration is committed', () => {
    const p = page({ committed: false })
    const cash = new FakeElement('INPUT', 'radio')
    cash.attributes['data-early-tick'] = ''
    const account = button()
    account.attributes.popovertarget = 'menu'
    const serverForm = new FakeElement('FORM')
    serverForm.attributes.action = '/checkout?reservation=1'
    const go = button('submit')
    go.form = serverForm
    for (const el of [cash, account, new FakeElement('A'), go]) {
      // Its default happens; React, still hydrating, hears none of the press (it would finish the
      // hydration first, inside the press).
      for (const type of ['pointerdown', 'touchend', 'click', 'change']) {
        const e = p.press(type, el)
        expect(e.prevented).toBe(false)
        expect(e.stopped).toBe(true)
      }
    }
    cash.hydrate()
    p.commit()
    p.wait(500)
    expect(cash.clicks).toBe(0)
    // Once hydrated, React takes the presses as any other.
    expect(p.press('pointerdown', account).stopped).toBe(false)
    expect(p.tap(account).stopped).toBe(false)
  })

  it('keeps the submission of a form only the script handles, rather than sending its fields in the URL', () => {
    const p = page()
    const form = new FakeElement('FORM')
    const submit = button('submit')
    submit.form = form
    expect(p.tap(submit).prevented).toBe(true)
    submit.hydrate()
    p.wait(50)
    expect(submit.clicks).toBe(1)

    // Enter in a field: the form's own submission, replayed through the button it named.
    const login = new FakeElement('FORM')
    login.attributes.action = 'javascript:throw new Error("React form unexpectedly submitted.")'
    const go = button('submit')
    expect(p.submit(login, go).prevented).toBe(true)
    p.wait(500)
    expect(login.submitted).toEqual([])
    login.hydrate()
    p.wait(50)
    expect(login.submitted).toEqual([go])
  })

  it('drops a kept tap when its element leaves the page or the script never comes', () => {
    const p = page()
    const gone = button()
    p.tap(gone)
    gone.isConnected = false
    gone.hydrate()
    p.wait(100)
    expect(gone.clicks).toBe(0)

    const late = button()
    p.tap(late)
    p.wait(20_100)
    late.hydrate()
    p.wait(100)
    expect(late.clicks).toBe(0)
  })

  it('follows a control the streamed page swapped for its finished version under the same spot', () => {
    const p = page()
    const fallback = new FakeElement('BUTTON', 'button', true, 'Camila')
    p.tap(fallback)
    fallback.isConnected = false
    const menu = new FakeElement('BUTTON', 'button', true, 'Camila')
    p.showAtTap(menu)
    p.wait(500)
    menu.hydrate()
    p.wait(50)
    expect(menu.clicks).toBe(1)

    // Something else under the finger is not the control that was tapped.
    const other = new FakeElement('BUTTON', 'button', true, 'Mi perfil')
    p.tap(other)
    other.isConnected = false
    const stranger = new FakeElement('BUTTON', 'button', true, 'Salir')
    stranger.hydrate()
    p.showAtTap(stranger)
    p.wait(100)
    expect(stranger.clicks).toBe(0)
  })

  it('is one small script element with the nonce', () => {
    const script = earlyTapScript('N0nce==')
    expect(script.startsWith('<script nonce="N0nce==">')).toBe(true)
    expect(script.indexOf('</script')).toBe(script.length - '</script>'.length)
    expect(earlyTapScript(undefined).startsWith('<script>')).toBe(true)
    // Every page's head carries it, before anything else: about 1 KB gzipped.
    expect(script.length).toBeLessThan(2_700)
  })
})
