import { Button, type ButtonProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { StepProps } from './step-props'

const LOGIN_PATH = '/authorization/login'

/**
 * The login page opened at its registration form, coming back afterwards to where the person was (on the
 * login page itself, to where it was going to lead).
 */
export function registrationHref(location: { pathname: string; search: string }): string {
  const onLoginPage = location.pathname === LOGIN_PATH
  const params = new URLSearchParams(onLoginPage ? location.search : '')
  if (!onLoginPage) params.set('redirectTo', `${location.pathname}${location.search}`)
  params.set('step', 'registration')
  return `${LOGIN_PATH}?${params}`
}

/**
 * "Create an account" is a link the server answers (issue 13, defect 6: on a phone the login page is painted
 * a second or two before its script runs, and a tap then must not wait for it): before the script, the
 * browser opens the login page at its registration form; after, the flow moves to that step in place, as
 * it does in the dialog. A tap meant for a new tab or window still opens one.
 */
export function CreateAccountLink({ send, size }: Pick<StepProps, 'send'> & Pick<ButtonProps, 'size'>) {
  const { t } = useTranslation('auth')
  const location = useLocation()
  return (
    <Button
      component="a"
      href={registrationHref(location)}
      size={size}
      fullWidth
      variant="light"
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        send({ type: 'startRegistration' })
      }}
    >
      {t('login.createAccount')}
    </Button>
  )
}
