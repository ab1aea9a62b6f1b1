import { SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrorKeys } from '../../../lib/forms/field-error'
import {
  type CardDetails,
  type CardFormInput,
  formatCardNumber,
  formatExpiryInput,
} from '../model/checkout-forms'

type CardField = keyof CardFormInput

/**
 * A card field's registration without its `name`. A form sends natively only the fields that have a name, so
 * the card's inputs, which carry none, are never sent to a Palco address by any state of the page: before its
 * script runs (a slow phone), with scripts off, or after (PCI DSS SAQ-A: card data goes only to the provider's
 * tokenizer; issue 40). react-hook-form reads a changed field's name from the event's target, so the events
 * it is handed name the field themselves.
 */
function unnamed(field: UseFormRegisterReturn<CardField>) {
  const named = (e: { currentTarget: HTMLInputElement; type: string }) => ({
    target: { name: field.name, value: e.currentTarget.value },
    type: e.type,
  })
  return {
    ref: field.ref,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.onChange(named(e)),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => field.onBlur(named(e)),
  }
}

/**
 * The card's number, expiry, CVV and holder name. These values stay in the browser: the page turns them
 * into a one-use token with the provider's tokenizer and sends only the token (DESIGN §9). The server draws
 * them too (the page paints before its script runs), without names, so a native submission carries none of
 * them. The inputs autocomplete with the standard cc-* tokens.
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
  const number = unnamed(form.register('number'))
  const expiry = unnamed(form.register('expiry'))
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
        {...unnamed(form.register('cvv'))}
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
        {...unnamed(form.register('holderName'))}
        label={t('checkout:fields.holderName')}
        autoComplete="cc-name"
        disabled={props.disabled}
        error={text(errors.holderName?.message)}
        style={{ gridColumn: '1 / -1' }}
      />
    </SimpleGrid>
  )
}
