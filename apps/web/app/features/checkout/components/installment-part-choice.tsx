import { Radio, Stack } from '@mantine/core'
import type { PayInstallmentBody } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PayableParts } from '../model/installment-plan'
import { usePlanLineName } from './installment-schedule'

type Part = PayInstallmentBody['part']

/**
 * Which part of a plan is paid now, and how much it is: the next installment or the whole balance. Both are
 * offered only when they differ (the last installment is the balance).
 */
export function useInstallmentPart(parts: PayableParts) {
  const next = parts.next
  const choice = next !== null && next.amount < parts.balance
  const [chosen, setChosen] = useState<Part>('NEXT')
  const part: Part = choice ? chosen : next ? 'NEXT' : 'BALANCE'
  const amount = part === 'NEXT' && next ? next.amount : parts.balance
  return { choice, part, amount, setPart: setChosen }
}

/** The choice between the next installment and the whole balance, each with its amount and date. */
export function InstallmentPartChoice(props: {
  parts: PayableParts
  part: Part
  onChange: (part: Part) => void
  disabled: boolean
  /** How many payments follow the deposit ("Payment 1 of 2"). */
  payments: number
  currency: Currency
  locale: Locale
  timeZone: string
}) {
  const { t } = useTranslation('checkout')
  const nameOf = usePlanLineName()
  const { parts, locale } = props
  const next = parts.next
  if (!next) return null
  const money = (amount: number) => formatMoney({ amount, currency: props.currency }, locale)
  return (
    <Radio.Group
      value={props.part}
      onChange={(v) => props.onChange(v as Part)}
      label={t('paguitos.partLabel')}
      name="part"
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value="NEXT"
          disabled={props.disabled}
          data-testid="part-NEXT"
          label={t('paguitos.partNext', { amount: money(next.amount) })}
          description={t('paguitos.partNextHint', {
            payment: nameOf(next.seq, props.payments),
            date: formatDate(next.dueAt, locale, props.timeZone),
          })}
        />
        <Radio
          value="BALANCE"
          disabled={props.disabled}
          data-testid="part-BALANCE"
          label={t('paguitos.partBalance', { amount: money(parts.balance) })}
          description={t('paguitos.partBalanceHint')}
        />
      </Stack>
    </Radio.Group>
  )
}
