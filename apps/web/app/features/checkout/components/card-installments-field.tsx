import { NativeSelect } from '@mantine/core'
import type { CardInstallmentOption } from '@palco/domain/checkout/card-installments'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { Money } from '@palco/domain/money/minor-units'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cardInstallmentOptions } from '../api/card-installments'

/** The card's first digits the banks' plans are looked up by: 8 for a full 16-digit number, else 6. */
export const binOf = (cardNumber: string): string => {
  const digits = cardNumber.replace(/\D/g, '')
  return digits.slice(0, digits.length >= 16 ? 8 : 6)
}

/**
 * How many monthly parts the fan's bank splits the card payment into (issue 16 part 7), shown once the
 * card's first digits say which plans its bank offers for this amount; hidden while only one payment is
 * offered. The choice goes with the charge; the bank pays us at once, so the tickets are issued at once.
 */
export function CardInstallmentsField(props: {
  cardNumber: string
  money: Money
  locale: Locale
  provider: BrowserPaymentConfig
  value: number
  disabled?: boolean
  onChange: (count: number) => void
}) {
  const { t } = useTranslation('checkout')
  const { provider, onChange } = props
  const { amount, currency } = props.money
  const bin = binOf(props.cardNumber)
  const lookup = bin.length >= 6 ? bin : ''
  const [options, setOptions] = useState<CardInstallmentOption[]>([])

  useEffect(() => {
    let current = true
    if (!lookup) {
      setOptions([])
      onChange(1)
      return
    }
    void cardInstallmentOptions(lookup, { amount, currency }, provider).then((found) => {
      if (!current) return
      setOptions(found)
      // A plan no longer offered (another card, another amount) falls back to one payment.
      onChange(1)
    })
    return () => {
      current = false
    }
  }, [lookup, amount, currency, provider, onChange])

  if (options.length < 2) return null
  const price = (value: number) => formatMoney({ amount: value, currency }, props.locale)
  const labelOf = (o: CardInstallmentOption) =>
    o.count === 1
      ? t('installments.single', { amount: price(o.amount) })
      : o.interestFree
        ? t('installments.interestFree', { count: o.count, amount: price(o.amount) })
        : o.total > amount
          ? t('installments.withInterest', { count: o.count, amount: price(o.amount), total: price(o.total) })
          : t('installments.bankInterest', { count: o.count, amount: price(o.amount) })
  return (
    <NativeSelect
      label={t('installments.label')}
      description={t('installments.hint')}
      value={String(props.value)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      disabled={props.disabled}
      data={options.map((o) => ({ value: String(o.count), label: labelOf(o) }))}
      data-testid="card-installments"
    />
  )
}
