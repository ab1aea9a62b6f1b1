import { Input, PinInput } from '@mantine/core'
import { OTP_LENGTH } from '@palco/domain/validation/rules'
import { type Ref, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The 6-digit code of spec §5 as one box per digit: numeric keyboard on phones, `one-time-code` so the
 * phone can offer the code from the SMS, and paste of the whole code into any box. Each box is named
 * "digit n of 6" and the group by the visible label.
 */
export function OtpField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  onComplete?: (value: string) => void
  onBlur?: () => void
  error?: string | undefined
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
  name?: string
}) {
  const { t } = useTranslation()
  // React's id, not Mantine's: Mantine's changes after mounting, which remounts the boxes (their keys
  // derive from it) and loses the focus a step gives its code field.
  const base = `otp${useId().replace(/[^\w-]/g, '')}`
  const firstId = `${base}-1`
  const errorId = `${firstId}-error`
  // Mantine's onComplete fires once until a box is emptied; a pasted second code must submit too.
  const lastCompleted = useRef('')
  const onChange = (value: string) => {
    props.onChange(value)
    if (value.length === OTP_LENGTH && value !== lastCompleted.current) {
      lastCompleted.current = value
      props.onComplete?.(value)
    } else if (value.length < OTP_LENGTH) {
      lastCompleted.current = ''
    }
  }
  return (
    <Input.Wrapper id={firstId} label={props.label} error={props.error} labelProps={{ id: `${base}-label` }}>
      <PinInput
        id={base}
        ref={props.inputRef}
        name={props.name}
        length={OTP_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="md"
        gap="xs"
        value={props.value}
        onChange={onChange}
        disabled={props.disabled}
        error={Boolean(props.error)}
        aria-labelledby={`${base}-label`}
        mt={4}
        getInputProps={(index) => ({
          'aria-label': t('forms.otpDigit', { n: index + 1, total: OTP_LENGTH }),
          onBlur: props.onBlur,
          ...(props.error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}),
        })}
      />
    </Input.Wrapper>
  )
}
