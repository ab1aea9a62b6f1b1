import { Accordion, Container, Stack, Title } from '@mantine/core'
import { data } from 'react-router'
import { contentPath, type FaqDocument } from '../../features/content/model/content-types'
import type { Route } from './+types/faqs'

export async function loader({ context }: Route.LoaderArgs) {
  const doc = await context.content<FaqDocument>(contentPath('faqs', context.country))
  if (!doc) throw data(null, { status: 404 })
  return { doc }
}

export default function Faqs({ loaderData: { doc } }: Route.ComponentProps) {
  return (
    <Container size="md" py="xl">
      <title>{`${doc.title} · Palco`}</title>
      <Stack gap="xl">
        <Title order={1}>{doc.title}</Title>
        {doc.groups.map((group) => (
          <Stack key={group.id} gap="sm" component="section" aria-labelledby={`faq-${group.id}`}>
            <Title order={2} size="h3" id={`faq-${group.id}`}>
              {group.title}
            </Title>
            <Accordion variant="separated" multiple>
              {group.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id}>
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>{item.answer}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}
