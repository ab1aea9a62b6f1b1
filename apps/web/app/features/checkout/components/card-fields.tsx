import { SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrorKeys } from '../../../lib/forms/field-error'
import {
  type CardDetails,
  type CardFormInput,
  formatCardNumber,
  formatExpiryInput,
} from '../model/checkout-forms'

/**
 * The card's number, expiry, CVV and holder name. These values stay in the browser: the page turns them
 * into a one-use token with the provider's tokenizer and sends only the token (DESIGN §9). The
 * payment form is drawn in the browser only (never in the server's HTML), so it cannot be posted natively
 * before the page is interactive. The inputs autocomplete with the standard cc-* tokens.
 */
export function CardFields(props: {
  form: UseFormReturn<CardFormInput, unknown, CardDetails>
  disabled?: boolean
}) {
  const { t } = useTranslation(['checkout', 'errors'])
  const { form } = props
  const errors = form.formState.errors
  const text = (message: string | undefined) =>
    message
      ? message.startsWith('card.')
        ? t(`checkout:fields.${message}`)
        : t(fieldErrorKeys(message))
      : undefined
  const number = form.register('number')
  const expiry = form.register('expiry')
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="card-fields">
      <TextInput
        {...number}
        onChange={(e) => {
          e.currentTarget.value = formatCardNumber(e.currentTarget.value)
          void number.onChange(e)
        }}
        label={t('checkout:fields.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4111 1111 1111 1111"
        maxLength={23}
        disabled={props.disabled}
        error={text(errors.number?.message)}
        style={{ gridColumn: '1 / -1' }}
      />
      <TextInput
        {...expiry}
        onChange={(e) => {
          const native = e.nativeEvent as InputEvent
          // Deleting keeps what is left; typing adds the slash after the month.
          if (native.inputType?.startsWith('delete') !== true)
            e.currentTarget.value = formatExpiryInput(e.currentTarget.value)
          void expiry.onChange(e)
        }}
        label={t('checkout:fields.expiry')}
        description={t('checkout:fields.expiryHint')}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder={t('checkout:fields.expiryPlaceholder')}
        maxLength={7}
        disabled={props.disabled}
        error={text(errors.expiry?.message)}
      />
      <TextInput
        {...form.register('cvv')}
        label={t('checkout:fields.cvv')}
        description={t('checkout:fields.cvvHint')}
        inputMode="numeric"
        autoComplete="cc-csc"
        type="password"
        maxLength={4}
        disabled={props.disabled}
        error={text(errors.cvv?.message)}
      />
      <TextInput
        {...form.register('holderName')}
        label={t('checkout:fields.holderName')}
        autoComplete="cc-name"
        disabled={props.disabled}
        error={text(errors.holderName?.message)}
        style={{ gridColumn: '1 / -1' }}
      />
    </SimpleGrid>
  )
}
