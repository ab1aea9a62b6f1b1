import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { StepProps } from './step-props'

export function CheckIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="M4 12l5 5L20 6" />
    </svg>
  )
}

/** A finished step: what happened, and one button to go on. */
export function DoneMessage(props: {
  text: string
  action: string
  onAction: () => void
  autoFocus: boolean
}) {
  const button = useRef<HTMLButtonElement>(null)
  const { autoFocus } = props
  useEffect(() => {
    if (autoFocus) button.current?.focus()
  }, [autoFocus])
  return (
    <Stack gap="lg" align="center" ta="center" py="sm">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <CheckIcon />
      </ThemeIcon>
      <Text size="lg" role="status">
        {props.text}
      </Text>
      <Button ref={button} size="md" fullWidth onClick={props.onAction}>
        {props.action}
      </Button>
    </Stack>
  )
}

/** Spec §2 "success": logged in, by any method, or a new account confirmed. */
export function SuccessStep({ state, onFinish }: StepProps) {
  const { t } = useTranslation('auth')
  return (
    <DoneMessage
      text={t(state.outcome === 'registered' ? 'success.registered' : 'success.loggedIn')}
      action={t('success.continue')}
      onAction={onFinish}
      autoFocus
    />
  )
}
