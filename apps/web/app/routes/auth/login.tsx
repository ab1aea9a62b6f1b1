import { Container, Paper, Title } from '@mantine/core'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { AuthFlow, stepTitleKey } from '../../features/auth/components/auth-flow'
import { useAuthFlow } from '../../features/auth/hooks/use-auth-flow'
import { safeRedirect } from '../../lib/safe-redirect'
import { useSessionRefresh } from '../../lib/use-session-refresh'
import type { Route } from './+types/login'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** Someone already logged in has nothing to do here: on to where they were going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const redirectTo = safeRedirect(params.get('redirectTo'))
  if (context.session) throw redirect(redirectTo)
  // `?step=registration`: where "create an account" leads before the page's script runs.
  return { redirectTo, country: context.country, registration: params.get('step') === 'registration' }
}

/**
 * `/authorization/login`: the dialog's flow as a page (where the header's link and the guards of
 * /profile, /my-purchases and /my-tickets lead), at its registration form with `?step=registration`. After
 * a login it goes back to `redirectTo`.
 */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth')
  const { state, send } = useAuthFlow(
    'login',
    loaderData.registration ? { type: 'startRegistration' } : undefined,
  )
  const first = useRef(state)
  const refresh = useSessionRefresh()
  const goOn = () => void refresh(loaderData.redirectTo, { replace: true })
  const title = t(stepTitleKey(state.step))
  return (
    <Container size={460} px="md" py="xl">
      <title>{`${title} · Palco`}</title>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        <AuthFlow
          state={state}
          send={send}
          country={loaderData.country}
          autoFocus={state !== first.current}
          onSessionChange={goOn}
          onFinish={goOn}
        />
      </Paper>
    </Container>
  )
}
