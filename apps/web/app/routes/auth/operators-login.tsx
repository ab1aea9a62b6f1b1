import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { isStaff, staffHomeOf } from '@palco/domain/people/staff'
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

/**
 * Where the page was asked to return to, if anywhere; otherwise each staff role lands on its own home
 * (operator → /assistant, layout editor → the layout list, admin → the back office's events).
 */
function wantedPath(request: Request): string | null {
  const wanted = new URL(request.url).searchParams.get('redirectTo')
  return wanted ? safeRedirect(wanted) : null
}

/** Staff already logged in go straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = wantedPath(request)
  const roles = context.session?.roles ?? []
  if (isStaff(roles)) throw redirect(redirectTo ?? staffHomeOf(roles) ?? '/')
  return { redirectTo }
}

/**
 * `/authorization/operators` (spec §6): the staff's login (operators, layout editors, admins), password
 * only; a fan account is refused with a message that sends it to the fans' login.
 */
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
            onLoggedIn={(session) =>
              void refresh(loaderData.redirectTo ?? staffHomeOf(session.roles) ?? '/', { replace: true })
            }
          />
        </Stack>
      </Paper>
    </Container>
  )
}
