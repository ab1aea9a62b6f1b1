import { Paper, Stack, Title } from '@mantine/core'
import { type ReactNode, useId } from 'react'

/** A bordered section of a page, named for screen readers by its own heading. */
export function TitledSection(props: {
  title: string
  titleSize?: 'h3' | 'h4'
  /** Between the heading and each part below it. */
  gap?: 'sm' | 'md'
  testId?: string
  className?: string
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid={props.testId}
      className={props.className}
    >
      <Stack gap={props.gap ?? 'sm'}>
        <Title order={2} size={props.titleSize ?? 'h3'} id={titleId}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  )
}
