import { Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A back-office form's submit button, and the status line that says it saved (read out as it appears). */
export function SaveRow(props: {
  label: string
  savedText: string
  busy: boolean
  saved: boolean
  variant?: 'filled' | 'light'
  children?: ReactNode
}) {
  return (
    <Group gap="sm" wrap="wrap">
      {props.children}
      <Button type="submit" variant={props.variant ?? 'light'} loading={props.busy}>
        {props.label}
      </Button>
      {props.saved && (
        <Text size="sm" role="status">
          {props.savedText}
        </Text>
      )}
    </Group>
  )
}
