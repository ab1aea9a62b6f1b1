import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import type { LegalDocument } from '../model/content-types'

export function LegalDocumentView({ doc, locale }: { doc: LegalDocument; locale: Locale }) {
  const { t } = useTranslation()
  const updated = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${doc.updatedAt}T00:00:00Z`),
  )
  return (
    <Container size="md" py="xl">
      <title>{`${doc.title} · Palco`}</title>
      <Stack gap="lg">
        <Title order={1}>{doc.title}</Title>
        <Text c="dimmed" size="sm">
          {t('content.updatedAt', { date: updated })}
        </Text>
        <Text>{doc.intro}</Text>
        <nav aria-label={t('content.contents')}>
          <List type="ordered" spacing={4}>
            {doc.sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{s.heading}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        {doc.sections.map((s) => (
          <Stack key={s.id} gap="xs" component="section" aria-labelledby={s.id}>
            <Title order={2} size="h3" id={s.id}>
              {s.heading}
            </Title>
            {s.paragraphs.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {s.items && (
              <List spacing={4}>
                {s.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}
