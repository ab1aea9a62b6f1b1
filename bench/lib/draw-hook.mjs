// @ts-check
// An init script (playwright's addInitScript, run before any page script) that wraps the Canvas 2D drawing
// calls to note when a page draws on the canvas that matters, and the animation frame after: "first paint"
// is navigation start → the next frame after the first drawing call (bench/seatmap, bench/layout-editor).

const DRAWING_CALLS = ['fill', 'fillRect', 'drawImage', 'putImageData', 'stroke', 'fillText']

/**
 * @param {{
 *   global: string,
 *   counts: string,
 *   every?: boolean,
 * }} o `global`: the window property the marks are kept in; `counts`: a JavaScript expression over the
 *   canvas `c` that is true for the canvas to watch; `every`: keep watching after the first draw, noting
 *   `frames` ([first drawing call, next animation frame] for every frame that drew on it) and `calls`.
 *   Without it the expression is evaluated only until the first draw, and nothing else is kept.
 * @returns {string} the script: `window[global]` is `{ draw, paint, frames, calls }` (performance.now() ms).
 */
export function drawHook({ global, counts, every = false }) {
  return `(() => {
  const mark = { draw: undefined, paint: undefined, frames: [], calls: 0 }
  window[${JSON.stringify(global)}] = mark
  const every = ${every}
  const counts = (c) => ${counts}
  let pending = false
  const proto = CanvasRenderingContext2D.prototype
  for (const name of ${JSON.stringify(DRAWING_CALLS)}) {
    const original = proto[name]
    proto[name] = function (...a) {
      if ((every || mark.draw === undefined) && counts(this.canvas)) {
        mark.calls++
        if (!pending) {
          pending = true
          const draw = performance.now()
          if (mark.draw === undefined) mark.draw = draw
          requestAnimationFrame(() => {
            pending = false
            const frame = performance.now()
            if (mark.paint === undefined) mark.paint = frame
            if (every) mark.frames.push([draw, frame])
          })
        }
      }
      return original.apply(this, a)
    }
  }
})()`
}
