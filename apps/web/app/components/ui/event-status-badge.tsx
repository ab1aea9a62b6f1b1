import { Badge, type BadgeProps } from '@mantine/core'
import type { AdminEventRow } from '@palco/domain/catalog/event-cancellation'

// Filled, in shades dark enough for white text (WCAG AA, 4.5:1): a light badge given a shade paints its
// text in its background's colour.
const STATUS_COLOR: Record<AdminEventRow['status'], string> = {
  DRAFT: 'gray.7',
  PUBLISHED: 'teal.9',
  DISABLED: 'gray.9',
  CANCELLED: 'red.9',
}

/** An event's status in the back office, its words given by the page (each feature says it its own way). */
export function EventStatusBadge(props: {
  status: AdminEventRow['status']
  label: string
  size?: BadgeProps['size']
}) {
  return (
    <Badge color={STATUS_COLOR[props.status]} variant="filled" size={props.size ?? 'md'}>
      {props.label}
    </Badge>
  )
}
