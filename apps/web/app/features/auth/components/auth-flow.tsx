import { Anchor, Box } from '@mantine/core'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { type AuthStep, canGoBack } from '../model/auth-flow'
import { ChangePhoneStep } from './change-phone-step'
import { ChangePhoneSuccessStep } from './change-phone-success-step'
import { ConfirmForgotPasswordStep } from './confirm-forgot-password-step'
import { ConfirmationStep } from './confirmation-step'
import { EmailCodeLoginStep } from './email-code-login-step'
import { ForgotPasswordStep } from './forgot-password-step'
import { LoginMethodStep } from './login-method-step'
import { OldLoginStep } from './old-login-step'
import { OtpConfirmationStep } from './otp-confirmation-step'
import { PhoneCodeLoginStep } from './phone-code-login-step'
import { RegistrationStep } from './registration-step'
import type { StepProps } from './step-props'
import { SuccessPasswordStep } from './success-password-step'
import { SuccessStep } from './success-step'

const STEP_COMPONENTS: Record<AuthStep, ComponentType<StepProps>> = {
  oldLogin: OldLoginStep,
  emailOtpLogin: EmailCodeLoginStep,
  login: LoginMethodStep,
  phoneLogin: PhoneCodeLoginStep,
  registration: RegistrationStep,
  confirmation: ConfirmationStep,
  otpConfirmation: OtpConfirmationStep,
  success: SuccessStep,
  forgotPassword: ForgotPasswordStep,
  confirmForgotPassword: ConfirmForgotPasswordStep,
  successPassword: SuccessPasswordStep,
  changePhoneNumber: ChangePhoneStep,
  changePhoneNumberSuccess: ChangePhoneSuccessStep,
}

/** The translation key of a step's title; the dialog and the login page show it as their heading. */
export const stepTitleKey = (step: AuthStep) => `auth:steps.${step}` as const

/**
 * The current step of the flow, with "back" when there is somewhere to go back to. Keyed by step (and by
 * the phone change's half), so each step starts with a fresh form and focuses its first field.
 */
export function AuthFlow(props: StepProps) {
  const { t } = useTranslation('auth')
  const Step = STEP_COMPONENTS[props.state.step]
  return (
    <Box data-step={props.state.step} data-testid="auth-step">
      {canGoBack(props.state) ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          mb="sm"
          onClick={() => props.send({ type: 'back' })}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <span aria-hidden="true">←</span>
          {t('dialog.back')}
        </Anchor>
      ) : null}
      <Step key={`${props.state.step}-${props.state.phoneCodeSent ? 'code' : 'entry'}`} {...props} />
    </Box>
  )
}
