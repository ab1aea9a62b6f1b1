import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { defaultTimeZoneOf } from '@palco/domain/locale/country'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/outbox'

interface OutboxMessage {
  id: string
  channel: 'email' | 'sms'
  recipient: string
  locale: string
  template: string
  subject: string
  textBody: string
  htmlBody: string | null
  status: string
  createdAt: string
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * Development only (issue 3, part 4): every email and SMS the product "sent", so sign-up and code logins
 * work on a fresh clone. The server decides whether it exists; when it does not, this page is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.devOutbox) throw data(null, { status: 404 })
  const to = new URL(request.url).searchParams.get('to')?.trim() ?? ''
  const res = await context.api<{ messages: OutboxMessage[] }>(
    `/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
  )
  if (res.status !== 200) throw data(null, { status: res.status === 404 ? 404 : 503 })
  // Times in the site's zone, formatted here so the server and the browser render the same text.
  const format = new Intl.DateTimeFormat(context.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: defaultTimeZoneOf(context.country),
  })
  const messages = [...res.data.messages]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((m) => ({ ...m, createdAtLabel: format.format(new Date(m.createdAt)) }))
  return { messages, to }
}

const CODE = /(\b\d{6}\b)/

/** Splits a text around its 6-digit codes; each piece keeps its offset, a stable key. */
function segments(text: string) {
  let offset = 0
  return text.split(CODE).map((part, i) => {
    const segment = { at: offset, text: part, isCode: i % 2 === 1 }
    offset += part.length
    return segment
  })
}

/** The message text with its one-time code marked, so it is found at a glance. */
function Body({ text }: { text: string }) {
  return (
    <Text
      component="pre"
      size="sm"
      p="sm"
      m={0}
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        background: 'var(--mantine-color-default-hover)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      {segments(text).map((s) =>
        s.isCode ? (
          <mark key={s.at} style={{ fontWeight: 700, padding: '0 2px' }}>
            {s.text}
          </mark>
        ) : (
          <Fragment key={s.at}>{s.text}</Fragment>
        ),
      )}
    </Text>
  )
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth')
  const { messages, to } = loaderData
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('devOutbox.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('devOutbox.title')}</Title>
          <Text>{t('devOutbox.lead')}</Text>
        </Stack>
        <Form method="get">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              name="to"
              defaultValue={to}
              label={t('devOutbox.filter')}
              placeholder="fan@palco.co, +573001234567"
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit">{t('devOutbox.apply')}</Button>
            {to ? (
              <Anchor component={Link} to="/dev/outbox">
                {t('devOutbox.clear')}
              </Anchor>
            ) : null}
          </Group>
        </Form>
        {messages.length === 0 ? (
          <Text>{t('devOutbox.empty')}</Text>
        ) : (
          <Stack
            component="ol"
            gap="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('devOutbox.list')}
          >
            {messages.map((m) => {
              const code = CODE.exec(m.textBody)?.[1]
              return (
                <Card
                  component="li"
                  key={m.id}
                  withBorder
                  radius="md"
                  padding="md"
                  data-testid="outbox-message"
                >
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Group gap="xs" wrap="wrap">
                        <Badge variant="light" color={m.channel === 'sms' ? 'grape' : 'blue'}>
                          {t(`devOutbox.channel.${m.channel}`)}
                        </Badge>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {m.recipient}
                        </Text>
                      </Group>
                      <Text size="sm" component="time" dateTime={m.createdAt}>
                        {m.createdAtLabel}
                      </Text>
                    </Group>
                    <Text fw={600} component="h2" size="md" m={0}>
                      {m.subject}
                    </Text>
                    {code ? (
                      <Text size="sm">
                        {t('devOutbox.code')}{' '}
                        <strong data-testid="outbox-code" style={{ letterSpacing: 2 }}>
                          {code}
                        </strong>
                      </Text>
                    ) : null}
                    <Body text={m.textBody} />
                  </Stack>
                </Card>
              )
            })}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
