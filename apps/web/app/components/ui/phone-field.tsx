import { Group, NativeSelect, TextInput } from '@mantine/core'
import { PHONE_INPUT_MAX_LENGTH, type PhonePrefix, phonePlaceholderOf } from '@palco/domain/locale/country'
import { countryOfPhonePrefix } from '@palco/domain/locale/country-settings'
import type { ComponentPropsWithRef } from 'react'
import { useTranslation } from 'react-i18next'

type NativeProps<E extends 'input' | 'select'> = Omit<ComponentPropsWithRef<E>, 'size' | 'children'>

/**
 * A phone number with its country prefix (+57 Colombia, +52 Mexico; spec §3). The placeholder follows
 * the chosen prefix (spec §5: 300 2223344 / 55 1234 5678). Both controls are plain inputs, so
 * react-hook-form's `register` drives them.
 */
export function PhoneField(props: {
  prefix: PhonePrefix
  prefixProps: NativeProps<'select'>
  phoneProps: NativeProps<'input'>
  label?: string
  description?: React.ReactNode
  error?: string | undefined
  prefixError?: string | undefined
  /** Marks the number as the first field a dialog focuses when it opens (Mantine's `data-autofocus`). */
  dialogAutoFocus?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        {...props.prefixProps}
        label={t('forms.phonePrefix')}
        error={props.prefixError}
        w={112}
        style={{ flexShrink: 0 }}
        data={[
          { value: '+57', label: t('forms.prefixOption', { country: 'CO', prefix: '+57' }) },
          { value: '+52', label: t('forms.prefixOption', { country: 'MX', prefix: '+52' }) },
        ]}
      />
      <TextInput
        {...props.phoneProps}
        label={props.label ?? t('forms.phone')}
        description={props.description}
        error={props.error}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder={phonePlaceholderOf(countryOfPhonePrefix(props.prefix))}
        style={{ flex: 1, minWidth: 0 }}
        data-autofocus={props.dialogAutoFocus || undefined}
      />
    </Group>
  )
}
