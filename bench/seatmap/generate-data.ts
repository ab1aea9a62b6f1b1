import type { SeatAvailability } from '@palco/domain/seating/availability'
import { countSeats, type Layout, layoutSchema } from '@palco/domain/seating/layout'
import { generateBenchAvailability } from './generate-availability'
import { generateBenchLayout } from './generate-layout'

export interface BenchData {
  layout: Layout
  availability: SeatAvailability
  seats: ReturnType<typeof countSeats>
}

/** The benchmark's input, validated by the product's own layout schema so it is a layout the API could store. */
export function benchData(): BenchData {
  const layout = layoutSchema.parse(generateBenchLayout())
  return { layout, availability: generateBenchAvailability(layout), seats: countSeats(layout) }
}
