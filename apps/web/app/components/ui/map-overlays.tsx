import { Loader, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './map-overlays.module.css'

/** Over a map whose drawing is not ready yet: a spinner and what is coming. */
export function MapLoading({ label }: { label: string }) {
  return (
    <div className={classes.loading}>
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </div>
  )
}

/** A one-line hint along the map's bottom edge; it never takes the map's pointer events. */
export function MapHint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" className={classes.hint}>
      {children}
    </Text>
  )
}

/** Where a map's zoom buttons sit: its top right corner. */
export const mapCornerClass = classes.corner
