import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import type { CounterSale, RefundableSale } from '@palco/domain/box-office/contract'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { useCall } from '../../../lib/use-call'
import { findSaleToRefund, refundSale } from '../api/box-office'
import { SaleReceipt } from './sale-receipt'

/** The refund of the sale found: why, and the admin's word that the money went back; then it is undone. */
function RefundForm(props: { sale: RefundableSale; onRefunded: (sale: RefundableSale) => void }) {
  const { t } = useTranslation('boxoffice')
  const [reason, setReason] = useState('')
  const [moneyBack, setMoneyBack] = useState(false)
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  const call = useCall()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const wrong = new Set<string>()
    if (reason.trim().length < 3) wrong.add('reason')
    if (!moneyBack) wrong.add('moneyBack')
    setInvalid(wrong)
    call.reset()
    if (wrong.size) return
    void call.run(async () => props.onRefunded(await refundSale(props.sale.orderId, reason.trim())))
  }
  return (
    <form onSubmit={submit} noValidate data-testid="refund-form">
      <Stack gap="xs">
        <TextInput
          label={t('backoffice.refund.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={invalid.has('reason') ? t('backoffice.refund.reasonRequired') : undefined}
          required
        />
        <Checkbox
          label={t('backoffice.refund.moneyBack')}
          checked={moneyBack}
          onChange={(e) => setMoneyBack(e.currentTarget.checked)}
          error={invalid.has('moneyBack') ? t('backoffice.refund.moneyBackRequired') : undefined}
        />
        <Button type="submit" color="red" variant="light" loading={call.busy} w="fit-content">
          {t('backoffice.refund.submit')}
        </Button>
        <ApiErrorAlert error={call.error} />
      </Stack>
    </form>
  )
}

/**
 * Refunds at the back office (issue 15 part 6): an admin finds a counter sale by its receipt's code — a
 * card-terminal sale, or one past its operator's 30-minute void — and undoes it once the money went back.
 */
export function SaleRefund(props: {
  locale: Locale
  renderLine: (line: CounterSale['lines'][number]) => ReactNode
  reasonName: (code: string) => string
}) {
  const { t } = useTranslation('boxoffice')
  const [code, setCode] = useState('')
  const [tooShort, setTooShort] = useState(false)
  const [sale, setSale] = useState<RefundableSale | null>(null)
  const [refunded, setRefunded] = useState(false)
  const call = useCall()
  const find = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const short = code.trim().length < 4
    setTooShort(short)
    call.reset()
    if (short) return
    setSale(null)
    setRefunded(false)
    void call.run(async () => setSale(await findSaleToRefund(code.trim())))
  }
  return (
    <Stack gap="sm">
      <form onSubmit={find} noValidate>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('backoffice.refund.code')}
            description={t('backoffice.refund.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={tooShort ? t('backoffice.refund.codeTooShort') : undefined}
            autoComplete="off"
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="default" loading={call.busy}>
            {t('backoffice.refund.find')}
          </Button>
        </Group>
      </form>
      <ApiErrorAlert error={call.error} />
      {sale && (
        <Paper withBorder radius="md" p="sm" data-testid="refund-sale">
          <Stack gap="sm">
            <SaleReceipt
              sale={sale}
              seller={sale.sellerName}
              locale={props.locale}
              renderLine={props.renderLine}
              reasonName={props.reasonName}
            />
            {refunded ? (
              <Text role="status" fw={600}>
                {t('backoffice.refund.done')}
              </Text>
            ) : (
              sale.status === 'PAID' && (
                <RefundForm
                  sale={sale}
                  onRefunded={(after) => {
                    setSale(after)
                    setRefunded(true)
                  }}
                />
              )
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
