import type { SeatChange } from '@palco/domain/seating/availability'

/** A source of live-feed messages, e.g. the page's EventSource wrapped; returns an unsubscribe. */
export interface SeatChangeSource {
  subscribe(listener: (change: SeatChange) => void): () => void
}
