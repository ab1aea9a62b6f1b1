/**
 * Runs work when the browser is idle, telling it how long it may take (ms), so background work never
 * pushes an animation frame late. Where requestIdleCallback is missing (Safari) it runs soon after, with
 * a small slice.
 */
export function onIdle(fn: (timeLeft: () => number) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(
      // A timed-out callback gets one short slice rather than none, so the work still finishes.
      (deadline) => fn(() => (deadline.didTimeout ? 4 : deadline.timeRemaining())),
      { timeout: 1000 },
    )
    return () => cancelIdleCallback(id)
  }
  const id = window.setTimeout(() => {
    const until = performance.now() + 4
    fn(() => until - performance.now())
  }, 50)
  return () => window.clearTimeout(id)
}
