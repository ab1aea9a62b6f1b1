import { Text, type TextProps } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './muted-text.module.css'

/**
 * Secondary text (venue under a title, counts, hints) that still meets WCAG AA contrast in both themes;
 * use it where `c="dimmed"` would be, which is too light on a white page.
 */
export function MutedText(
  props: TextProps & { children: ReactNode; component?: 'p' | 'span' | 'div'; role?: string; id?: string },
) {
  const { className, ...rest } = props
  return <Text {...rest} className={className ? `${classes.muted} ${className}` : classes.muted} />
}
