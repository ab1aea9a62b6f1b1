import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-admin'

/** The back office is for admins (the layout editor has its own guard, require-layout-editor.tsx). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!context.session) {
    throw redirect(`/authorization/operators?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  // /403 keeps the page, so logging in there with another account comes back to it.
  if (!context.session.roles.includes('admin')) {
    throw redirect(`/403?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}

export default function RequireAdmin() {
  return <Outlet />
}
