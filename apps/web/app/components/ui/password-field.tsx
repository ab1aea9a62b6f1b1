import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * A password input whose show/hide button is reachable by keyboard and named in the page's language
 * (Mantine's default is neither). `aria-pressed` on the button tells whether the password is shown.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation()
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('forms.showPassword') }}
      {...props}
    />
  )
}
