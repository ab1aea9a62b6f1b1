import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { isValidEmail } from '@palco/domain/validation/rules'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useCall } from '../../lib/use-call'
import { ApiErrorAlert } from './api-error-alert'

export interface AccountEmailTexts {
  email: string
  emailHint: string
  emailInvalid: string
  submit: string
  done: string
}

/**
 * Gives a role to the person whose account uses this e-mail (a box-office operator, an organiser's staff): they
 * signed up and confirmed it themselves, so nobody handles their password. The API's refusals that are about
 * the account (none with this e-mail, one that cannot take the role) are said next to the field, with what to
 * do; any other shows below. `children` are the form's other fields, beside the e-mail.
 */
export function AccountEmailForm(props: {
  texts: AccountEmailTexts
  /** The field's message for an API error code, when the error is about the account. */
  fieldErrorOf: (code: string) => string | undefined
  onSubmit: (email: string) => Promise<void>
  title?: ReactNode
  children?: ReactNode
  'data-testid'?: string
}) {
  const { texts } = props
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const call = useCall()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const typed = email.trim()
    const wellFormed = isValidEmail(typed)
    setInvalid(!wellFormed)
    call.reset()
    if (!wellFormed) return
    void call.run(async () => {
      await props.onSubmit(typed)
      setEmail('')
    })
  }
  const aboutAccount = call.error ? props.fieldErrorOf(call.error.code) : undefined
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="sm"
      onSubmit={submit}
      noValidate
      data-testid={props['data-testid']}
    >
      <Stack gap="xs">
        {props.title}
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={texts.email}
            description={texts.emailHint}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={invalid ? texts.emailInvalid : aboutAccount}
            required
            style={{ flex: '1 1 240px' }}
          />
          {props.children}
        </Group>
        <Button type="submit" loading={call.busy} w="fit-content">
          {texts.submit}
        </Button>
        {call.done && (
          <Text size="sm" role="status">
            {texts.done}
          </Text>
        )}
        <ApiErrorAlert error={aboutAccount ? null : call.error} />
      </Stack>
    </Paper>
  )
}
