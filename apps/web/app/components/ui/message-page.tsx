import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A short page that explains one situation and offers the next step. */
export function MessagePage(props: {
  title: string
  body: ReactNode
  actions: { to: string; label: string; variant?: 'filled' | 'default' }[]
  /** Controls that are not links (a form's button), after the links. */
  children?: ReactNode
}) {
  return (
    <Container size="sm" py={64}>
      <title>{`${props.title} · Palco`}</title>
      <Stack gap="md">
        <Title order={1}>{props.title}</Title>
        <Text size="lg">{props.body}</Text>
        <Group>
          {props.actions.map((a) => (
            <Button key={a.to} component={Link} to={a.to} variant={a.variant ?? 'filled'}>
              {a.label}
            </Button>
          ))}
          {props.children}
        </Group>
      </Stack>
    </Container>
  )
}
