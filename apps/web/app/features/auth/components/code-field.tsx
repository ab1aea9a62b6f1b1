import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { OtpField } from '../../../components/ui/otp-field'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'

/** The 6-digit code input every code step shares. */
export function CodeField<T extends FieldValues>(props: {
  control: Control<T>
  name: FieldPath<T>
  /** A full code submits the form; left out where more fields follow (a new password). */
  onComplete?: () => void
}) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <OtpField
          label={t('fields.code')}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          onComplete={props.onComplete}
          inputRef={field.ref}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  )
}
