import { Alert, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A paguitos plan's news (issue 16): paid, overdue, cancelled, deposit received. The title is in the text's
 * own colour, bold: an alert's tinted title colour is too light to read on its tinted background (WCAG AA).
 */
export function PlanNotice(props: {
  color: string
  title: string
  children?: ReactNode
  testId?: string
  role?: 'status' | 'alert'
}) {
  return (
    <Alert color={props.color} variant="light" data-testid={props.testId} role={props.role}>
      <Stack gap="xs" align="flex-start">
        <Text fw={700}>{props.title}</Text>
        {props.children}
      </Stack>
    </Alert>
  )
}
