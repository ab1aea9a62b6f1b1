import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-operator'

/** The /assistant flow is for operators (spec §6); a signed-in fan is sent to /403. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!context.session) {
    throw redirect(`/authorization/operators?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  if (!context.session.roles.some((r) => r === 'operator' || r === 'admin')) throw redirect('/403')
  return null
}

export default function RequireOperator() {
  return <Outlet />
}
