import { ActionIcon } from '@mantine/core'
import { mapCornerClass } from './map-overlays'

export interface ZoomControlsProps {
  onZoomIn: () => void
  onZoomOut: () => void
  onFit: () => void
  canZoomIn: boolean
  canZoomOut: boolean
  /** False while there is nothing drawn to fit. */
  canFit?: boolean
  /** Translated by the page, whose namespace it is (the fans' map, the layout editor). */
  labels: { group: string; zoomIn: string; zoomOut: string; fit: string }
  /** Instead of the map's top right corner. */
  className?: string
}

const icon = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
}

/** +, − and "fit" buttons over a map, in its top right corner; labelled for screen readers, disabled at the zoom limits. */
export function ZoomControls(props: ZoomControlsProps) {
  const { onZoomIn, onZoomOut, onFit, canZoomIn, canZoomOut, labels } = props
  return (
    <ActionIcon.Group
      orientation="vertical"
      role="group"
      aria-label={labels.group}
      className={props.className ?? mapCornerClass}
    >
      <ActionIcon
        variant="default"
        size="lg"
        onClick={onZoomIn}
        disabled={!canZoomIn}
        aria-label={labels.zoomIn}
      >
        <svg {...icon} aria-hidden="true">
          <path d="M12 5v14M5 12h14" strokeLinecap="round" />
        </svg>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={onZoomOut}
        disabled={!canZoomOut}
        aria-label={labels.zoomOut}
      >
        <svg {...icon} aria-hidden="true">
          <path d="M5 12h14" strokeLinecap="round" />
        </svg>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={onFit}
        disabled={props.canFit === false}
        aria-label={labels.fit}
      >
        <svg {...icon} aria-hidden="true">
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ActionIcon>
    </ActionIcon.Group>
  )
}
