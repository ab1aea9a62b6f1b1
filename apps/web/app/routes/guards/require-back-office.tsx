import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-back-office'

/**
 * The back office's organiser pages (events, inscription forms, paguitos plans): platform admins, and
 * organisers' staff, who see their own organisers' events only (issue 43; the API scopes every answer).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!context.session) {
    throw redirect(`/authorization/operators?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  const roles = context.session.roles
  if (!roles.includes('admin') && !roles.includes('organiser')) {
    throw redirect(`/403?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}

export default function RequireBackOffice() {
  return <Outlet />
}
