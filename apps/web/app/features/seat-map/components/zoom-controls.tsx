import { ActionIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface ZoomControlsProps {
  onZoomIn: () => void
  onZoomOut: () => void
  onFit: () => void
  canZoomIn: boolean
  canZoomOut: boolean
}

const icon = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
}

/** +, − and "fit" buttons; labelled for screen readers, disabled at the zoom limits. */
export function ZoomControls({ onZoomIn, onZoomOut, onFit, canZoomIn, canZoomOut }: ZoomControlsProps) {
  const { t } = useTranslation('seatmap')
  return (
    <ActionIcon.Group orientation="vertical" role="group" aria-label={t('zoom.group')}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={onZoomIn}
        disabled={!canZoomIn}
        aria-label={t('zoom.in')}
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
        aria-label={t('zoom.out')}
      >
        <svg {...icon} aria-hidden="true">
          <path d="M5 12h14" strokeLinecap="round" />
        </svg>
      </ActionIcon>
      <ActionIcon variant="default" size="lg" onClick={onFit} aria-label={t('zoom.fit')}>
        <svg {...icon} aria-hidden="true">
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ActionIcon>
    </ActionIcon.Group>
  )
}
