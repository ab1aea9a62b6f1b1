import { Anchor, Text } from '@mantine/core'

/** An "already registered" note under a field; it informs and offers the login, it never blocks. */
export function ExistsHint(props: { show: boolean; text: string; action: string; onAction: () => void }) {
  return (
    <Text size="sm" role="status" mt={props.show ? 4 : 0}>
      {props.show ? (
        <>
          {props.text}{' '}
          <Anchor component="button" type="button" size="sm" onClick={props.onAction}>
            {props.action}
          </Anchor>
        </>
      ) : null}
    </Text>
  )
}
