import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type PendingSandboxPayment, sandboxPageOf } from '../api/sandbox-payments'

/**
 * The signed-in fan's sandbox payments still waiting (development only), for the dev pages opened without
 * a payment id: each one names its order and leads to the page that decides it.
 */
export function SandboxPendingList(props: { pending: PendingSandboxPayment[]; locale: Locale }) {
  const { t } = useTranslation('checkout')
  if (props.pending.length === 0)
    return (
      <Paper withBorder radius="md" p="lg" data-testid="sandbox-none">
        <Stack gap="sm" align="flex-start">
          <Text>{t('sandbox.noneWaiting')}</Text>
          <Button component={Link} to="/" variant="default">
            {t('sandbox.findEvents')}
          </Button>
        </Stack>
      </Paper>
    )
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('sandbox.waiting')}
    >
      {props.pending.map((p) => (
        <Paper component="li" withBorder radius="md" p="md" key={p.id} data-testid="sandbox-pending">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={700}>{t('sandbox.order', { code: p.orderCode })}</Text>
              <Badge variant="light" color="yellow.9">
                {p.status}
              </Badge>
            </Group>
            <Text size="sm">
              {formatMoney({ amount: p.amount, currency: p.currency }, props.locale)} · {p.kind} · {p.method}
            </Text>
            <Text size="sm" c="dimmed">
              {t('facts.dateTime', {
                date: formatDate(p.createdAt, props.locale),
                time: formatTime(p.createdAt, props.locale),
              })}
            </Text>
            <Anchor component={Link} to={sandboxPageOf(p)} fw={600} data-testid="sandbox-open">
              {t('sandbox.open', { code: p.orderCode })}
            </Anchor>
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
