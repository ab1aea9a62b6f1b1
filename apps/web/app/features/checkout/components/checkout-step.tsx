import { Anchor, Container, Grid, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A step paid against a hold shows its column (the timer, what is bought) first on a phone. */
const MAIN_SECOND = { base: 2, md: 1 } as const
const ASIDE_FIRST = { base: 1, md: 2 } as const

/**
 * The frame of a checkout step, for the fan and the counter alike: the way back, the heading and what follows
 * it, anything that concerns the whole step (the counter's shift, a payment just taken), then the step's own
 * column beside its summary.
 */
export function CheckoutStep(props: {
  title: string
  /** The browser tab's title, where it says more than the heading. */
  tabTitle?: string
  back: { to: string; label: string }
  /** Lines under the heading. */
  lead?: ReactNode
  notice?: ReactNode
  aside: ReactNode
  asideFirst?: boolean
  children: ReactNode
}) {
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${props.tabTitle ?? props.title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={props.back.to} size="sm">
            {props.back.label}
          </Anchor>
          <Title order={1}>{props.title}</Title>
          {props.lead}
        </Stack>
        {props.notice}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={props.asideFirst ? MAIN_SECOND : undefined}>
            {props.children}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={props.asideFirst ? ASIDE_FIRST : undefined}>
            {props.aside}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
