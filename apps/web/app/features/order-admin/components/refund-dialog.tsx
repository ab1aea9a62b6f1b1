import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { OrderAdminView, RefundDestinationChoice } from '@palco/domain/orders/order-admin'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { refundOrder } from '../api/orders'

const REASON_MIN = 5

/**
 * Refunding an order whole (issue 43 part 3): where the money goes (what paid it, or the buyer's wallet when
 * they have an account) and the reason the buyer will read; nothing happens until it is confirmed. A refund made
 * meanwhile by someone else comes back as the server's conflict, shown here.
 */
export function RefundDialog(props: {
  order: OrderAdminView
  locale: Locale
  opened: boolean
  onClose: () => void
  onRefunded: (order: OrderAdminView) => void
}) {
  const { t } = useTranslation('orderadmin')
  const [to, setTo] = useState<RefundDestinationChoice>('ORIGINAL')
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [sending, setSending] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (reason.trim().length < REASON_MIN) {
      setReasonError(t('refund.reasonTooShort', { min: REASON_MIN }))
      return
    }
    setSending(true)
    setError(null)
    try {
      props.onRefunded(await refundOrder(props.order.id, { to, reason: reason.trim() }))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setSending(false)
    }
  }
  return (
    <Modal
      opened={props.opened}
      onClose={() => !sending && props.onClose()}
      title={t('refund.title', { code: props.order.code })}
    >
      <form onSubmit={submit} noValidate data-testid="order-refund-form">
        <Stack gap="md">
          <Text size="sm">{t('refund.what', { amount: formatMoney(props.order.total, props.locale) })}</Text>
          <Radio.Group
            label={t('refund.to')}
            value={to}
            onChange={(v) => setTo(v as RefundDestinationChoice)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="ORIGINAL" label={t('refund.toOriginal')} />
              <Radio value="WALLET" label={t('refund.toWallet')} disabled={!props.order.buyer.hasWallet} />
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('refund.reason')}
            description={t('refund.reasonHint')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value)
              setReasonError(null)
            }}
            error={reasonError}
            required
            maxLength={300}
            autosize
            minRows={2}
          />
          <ApiErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={sending}>
              {t('refund.back')}
            </Button>
            <Button type="submit" color="red" loading={sending} data-testid="order-refund-confirm">
              {t('refund.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
