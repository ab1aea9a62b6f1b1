import { Table } from '@mantine/core'
import { type ReactNode, useId } from 'react'

/**
 * A table that scrolls sideways inside its own region on a narrow screen (375 px) instead of widening the
 * page. The region takes the keyboard's focus, so it can be scrolled without a mouse (WCAG 2.1.1), and is
 * named by the table's caption.
 */
export function ScrollableTable(props: {
  caption: string
  minWidth: number
  children: ReactNode
  'data-testid'?: string
}) {
  const captionId = useId()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-labelledby={captionId} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={props.minWidth} striped captionSide="top" data-testid={props['data-testid']}>
        <Table.Caption id={captionId}>{props.caption}</Table.Caption>
        {props.children}
      </Table>
    </section>
  )
}
