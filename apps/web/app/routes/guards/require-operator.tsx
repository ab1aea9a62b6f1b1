import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-operator'

/** The /assistant flow is for operators (spec §6); a signed-in fan is sent to /403. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!context.session) {
    throw redirect(`/authorization/operators?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  // /403 keeps the page, so logging in there with another account comes back to it.
  if (!context.session.roles.some((r) => r === 'operator' || r === 'admin')) {
    throw redirect(`/403?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}

export default function RequireOperator() {
  return <Outlet />
}
