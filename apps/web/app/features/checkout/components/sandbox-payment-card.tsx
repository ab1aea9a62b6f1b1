import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, ApiError as ApiErrorClass, isApiError } from '../../../lib/api-client'
import { type SandboxAction, type SandboxPayment, settleSandboxPayment } from '../api/sandbox-payments'
import { Fact, Facts } from './payment-facts'

/**
 * A sandbox payment with the buttons that decide it (development only). `actions` lists the buttons with
 * their labels; after one succeeds, `onSettled` gets the payment as it is now.
 */
export function SandboxPaymentCard(props: {
  payment: SandboxPayment
  locale: Locale
  title: string
  actions: { action: SandboxAction; label: string; color?: string }[]
  onSettled: (payment: SandboxPayment) => void
}) {
  const { t } = useTranslation('checkout')
  const [payment, setPayment] = useState(props.payment)
  const [busy, setBusy] = useState<SandboxAction | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const pending = payment.status === 'PENDING' || payment.status === 'CREATED'

  const run = async (action: SandboxAction) => {
    setBusy(action)
    setError(null)
    try {
      const next = await settleSandboxPayment(payment.id, action)
      setPayment(next)
      setBusy(null)
      props.onSettled(next)
    } catch (e) {
      setError(isApiError(e) ? e : new ApiErrorClass('UnknownException', 0))
      setBusy(null)
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="sandbox-payment">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3">
            {props.title}
          </Title>
          <Badge variant="light" color={pending ? 'yellow.9' : 'gray'} data-testid="sandbox-status">
            {payment.status}
          </Badge>
        </Group>
        <Facts>
          <Fact
            label={t('sandbox.amount')}
            value={formatMoney({ amount: payment.amount, currency: payment.currency }, props.locale)}
            testId="sandbox-amount"
          />
          <Fact label={t('sandbox.kind')} value={`${payment.method} · ${payment.kind}`} />
          <Fact label={t('sandbox.payment')} value={payment.id} mono />
        </Facts>
        <ApiErrorAlert error={error} />
        {!pending && (
          <Text role="status" size="sm">
            {t('sandbox.done', { status: payment.status })}
          </Text>
        )}
        {/* Settling again stays possible on purpose: replays and late payments are what a sandbox tests. */}
        <Group gap="sm">
          {props.actions.map((a) => (
            <Button
              key={a.action}
              color={a.color}
              variant={a.color ? 'filled' : 'default'}
              loading={busy === a.action}
              disabled={busy !== null}
              onClick={() => void run(a.action)}
              data-testid={`sandbox-${a.action}`}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  )
}
