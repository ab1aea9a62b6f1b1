import { type RefObject, useCallback } from 'react'

/** One press of a zoom button or key: a step large enough to reach seat level from the overview in a few. */
const ZOOM_STEP = 1.5

interface Zoomable {
  renderer: { zoomBy(factor: number): void; fit(): void }
}

/** The zoom buttons' and keys' actions on a map's renderer, a no-op until it is built. */
export function useZoomActions(engineRef: RefObject<Zoomable | null>) {
  const zoomIn = useCallback(() => engineRef.current?.renderer.zoomBy(ZOOM_STEP), [engineRef])
  const zoomOut = useCallback(() => engineRef.current?.renderer.zoomBy(1 / ZOOM_STEP), [engineRef])
  const fit = useCallback(() => engineRef.current?.renderer.fit(), [engineRef])
  return { zoomIn, zoomOut, fit }
}
