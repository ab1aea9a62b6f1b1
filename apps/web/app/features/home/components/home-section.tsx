import { SimpleGrid, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { MutedText } from '../../../components/ui/muted-text'

export function HomeSection(props: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack
      gap="md"
      component="section"
      aria-labelledby={`section-${props.id}`}
      data-testid={`section-${props.id}`}
    >
      <Title order={2} id={`section-${props.id}`}>
        {props.title}
      </Title>
      {props.children.length === 0 ? (
        <MutedText>{props.empty}</MutedText>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {props.children}
        </SimpleGrid>
      )}
    </Stack>
  )
}
