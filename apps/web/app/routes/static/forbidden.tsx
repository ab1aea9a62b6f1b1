import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data, Form, redirect } from 'react-router'
import { MessagePage } from '../../components/ui/message-page'
import { safeRedirect } from '../../lib/safe-redirect'
import type { Route } from './+types/forbidden'

export function headers() {
  return { 'cache-control': 'no-store' }
}

// Staff pages have their own door (spec §6): another account for them logs in there.
const STAFF_AREAS = /^\/(assistant|backoffice)(\/|$)/

/** The guards send the refused page along, so the other account can be taken straight back to it. */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
  return data({ redirectTo }, { status: 403 })
}

/**
 * "Log in with another account": logs this one out first (issue 13: the login page sent a signed-in
 * visitor straight home, still as the refused account), then opens the right login. A plain form post,
 * so it works before the page's script has run; the cleared session cookie is passed on to the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const back = safeRedirect(String(form.get('redirectTo') ?? ''), '')
  const loggedOut = await context.api('/api/auth/logout', { method: 'POST', body: {} })
  const door = STAFF_AREAS.test(back) ? '/authorization/operators' : '/authorization/login'
  const headers = new Headers()
  for (const cookie of loggedOut.cookies) headers.append('set-cookie', cookie)
  return redirect(back ? `${door}?redirectTo=${encodeURIComponent(back)}` : door, { headers })
}

export default function Forbidden({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('forbidden.title')}
      body={t('forbidden.body')}
      actions={[{ to: '/', label: t('actions.goHome') }]}
    >
      <Form method="post">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Button type="submit" variant="default" data-testid="switch-account">
          {t('forbidden.switchAccount')}
        </Button>
      </Form>
    </MessagePage>
  )
}
