import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { PasswordLoginForm } from '../../features/auth/components/password-login-form'
import { safeRedirect } from '../../lib/safe-redirect'
import { useSessionRefresh } from '../../lib/use-session-refresh'
import type { Route } from './+types/operators-login'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

const isStaff = (roles: readonly string[]) => roles.includes('operator') || roles.includes('admin')

/** An operator already logged in goes straight to the box office (or where they were going). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/assistant')
  if (context.session && isStaff(context.session.roles)) throw redirect(redirectTo)
  return { redirectTo }
}

/** `/authorization/operators` (spec §6): the box-office login, password only, staff accounts only. */
export default function OperatorsLoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth')
  const refresh = useSessionRefresh()
  return (
    <Container size={460} px="md" py="xl">
      <title>{`${t('operators.title')} · Palco`}</title>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('operators.title')}
          </Title>
          <Text>{t('operators.lead')}</Text>
          <PasswordLoginForm
            operator
            autoFocus={false}
            submitLabel={t('operators.submit')}
            onLoggedIn={() => void refresh(loaderData.redirectTo, { replace: true })}
          />
        </Stack>
      </Paper>
    </Container>
  )
}
