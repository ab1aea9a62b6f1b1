export const easeOutCubic = (t: number): number => 1 - (1 - t) ** 3

/**
 * Per-section highlight progress moving towards a target (0 or 1) over `duration` ms. The renderer asks
 * for another frame only while something is still moving, so an idle map costs nothing.
 */
export class HighlightTweens {
  private readonly value = new Map<number, number>()
  private readonly target = new Map<number, number>()
  private last = 0

  constructor(private readonly duration = 180) {}

  setTarget(section: number, target: 0 | 1, instant: boolean): void {
    this.target.set(section, target)
    if (instant) this.value.set(section, target)
    else if (!this.value.has(section)) this.value.set(section, 0)
  }

  /** Advances to `now`; true while any value still moves. */
  step(now: number): boolean {
    const dt = this.last ? Math.min(now - this.last, 100) : 16
    this.last = now
    let moving = false
    for (const [s, v] of this.value) {
      const to = this.target.get(s) ?? 0
      const next = to > v ? Math.min(to, v + dt / this.duration) : Math.max(to, v - dt / this.duration)
      if (next === 0 && to === 0) {
        this.value.delete(s)
        this.target.delete(s)
        continue
      }
      this.value.set(s, next)
      if (next !== to) moving = true
    }
    if (!moving) this.last = 0
    return moving
  }

  /** Eased progress of each section that is (or is becoming) highlighted. */
  entries(): [number, number][] {
    return [...this.value].map(([s, v]) => [s, easeOutCubic(v)])
  }

  get(section: number): number {
    const v = this.value.get(section)
    return v === undefined ? 0 : easeOutCubic(v)
  }
}
