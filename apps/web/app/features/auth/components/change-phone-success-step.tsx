import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../lib/format-phone'
import type { StepProps } from './step-props'
import { DoneMessage } from './success-step'

/** Spec §2 "change phone number success". */
export function ChangePhoneSuccessStep({ state, onFinish }: StepProps) {
  const { t } = useTranslation('auth')
  return (
    <DoneMessage
      text={t('changePhoneNumberSuccess.text', {
        phone: formatPhone(state.phone?.phonePrefix, state.phone?.phone),
      })}
      action={t('changePhoneNumberSuccess.done')}
      onAction={onFinish}
      autoFocus
    />
  )
}
