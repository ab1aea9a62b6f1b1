import { Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame of the sandbox's development pages: a heading, what the page stands in for, then its content. */
export function SandboxDevPage(props: { title: string; lead: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl" px="md">
      <title>{`${props.title} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{props.title}</Title>
          <Text>{props.lead}</Text>
        </Stack>
        {props.children}
      </Stack>
    </Container>
  )
}
