import { Container, Stack, Text, Title } from '@mantine/core'
import { data } from 'react-router'
import { type AboutDocument, contentPath } from '../../features/content/model/content-types'
import type { Route } from './+types/about-us'

export async function loader({ context }: Route.LoaderArgs) {
  const doc = await context.content<AboutDocument>(contentPath('about', context.country))
  if (!doc) throw data(null, { status: 404 })
  return { doc }
}

export default function AboutUs({ loaderData: { doc } }: Route.ComponentProps) {
  return (
    <Container size="md" py="xl">
      <title>{`${doc.title} · Palco`}</title>
      <Stack gap="lg">
        <Title order={1}>{doc.title}</Title>
        <Text size="xl">{doc.lead}</Text>
        {doc.sections.map((s) => (
          <Stack key={s.id} gap="xs" component="section" aria-labelledby={s.id}>
            <Title order={2} size="h3" id={s.id}>
              {s.heading}
            </Title>
            {s.paragraphs.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}
