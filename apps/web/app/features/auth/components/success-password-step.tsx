import { useTranslation } from 'react-i18next'
import type { StepProps } from './step-props'
import { DoneMessage } from './success-step'

/** Spec §2 "success password": the new password is set; the next step is logging in with it. */
export function SuccessPasswordStep({ send }: StepProps) {
  const { t } = useTranslation('auth')
  return (
    <DoneMessage
      text={t('successPassword.text')}
      action={t('successPassword.login')}
      onAction={() => send({ type: 'choosePassword' })}
      autoFocus
    />
  )
}
