import { VISUAL_COUNT } from '../model/place-codes'
import type { PlaceStates } from '../model/place-states'
import type { VenueSection } from '../model/venue-model'

export type SeatShape = 'square' | 'circle'

/**
 * One Path2D per section per visual state, in world coordinates. A frame then costs a handful of `fill`
 * calls per visible section whatever the zoom, and the paths are rebuilt only for sections whose state
 * changed (a tap, a live-feed message). Circles are built only once someone zooms in far enough to see
 * them, and only for the sections on screen.
 */
export class SeatBatches {
  private readonly squares: (Path2D[] | undefined)[]
  private readonly circles: (Path2D[] | undefined)[]

  constructor(
    private readonly sections: readonly VenueSection[],
    private readonly states: PlaceStates,
  ) {
    this.squares = sections.map(() => undefined)
    this.circles = sections.map(() => undefined)
  }

  invalidate(section: number): void {
    this.squares[section] = undefined
    this.circles[section] = undefined
  }

  invalidateAll(): void {
    this.squares.fill(undefined)
    this.circles.fill(undefined)
  }

  get(section: number, shape: SeatShape): Path2D[] {
    const cache = shape === 'square' ? this.squares : this.circles
    let paths = cache[section]
    if (!paths) {
      paths = this.build(section, shape)
      cache[section] = paths
    }
    return paths
  }

  private build(index: number, shape: SeatShape): Path2D[] {
    const s = this.sections[index] as VenueSection
    const visual = this.states.visual[index] as Uint8Array
    const paths = Array.from({ length: VISUAL_COUNT }, () => new Path2D())
    const h = s.half
    const side = 2 * h
    const { xs, ys } = s
    for (let i = 0; i < visual.length; i++) {
      const p = paths[visual[i] as number] as Path2D
      const x = xs[i] as number
      const y = ys[i] as number
      if (shape === 'square') p.rect(x - h, y - h, side, side)
      else {
        p.moveTo(x + h, y)
        p.arc(x, y, h, 0, Math.PI * 2)
      }
    }
    return paths
  }
}
