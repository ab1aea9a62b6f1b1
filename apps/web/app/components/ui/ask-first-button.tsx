import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useCall } from '../../lib/use-call'
import { ApiErrorAlert } from './api-error-alert'

/**
 * A button for something that cannot be undone by the same click (taking a person's access away): it asks
 * once more, in place, with a way back; a refusal from the API is said below it.
 */
export function AskFirstButton(props: {
  ask: string
  question: string
  confirm: string
  keep: string
  onConfirm: () => Promise<void>
}) {
  const call = useCall()
  const [asking, setAsking] = useState(false)
  return (
    <Stack gap="xs">
      {asking ? (
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{props.question}</Text>
          <Button color="red" size="xs" onClick={() => void call.run(props.onConfirm)} loading={call.busy}>
            {props.confirm}
          </Button>
          <Button variant="default" size="xs" onClick={() => setAsking(false)}>
            {props.keep}
          </Button>
        </Group>
      ) : (
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)} w="fit-content">
          {props.ask}
        </Button>
      )}
      <ApiErrorAlert error={call.error} />
    </Stack>
  )
}
