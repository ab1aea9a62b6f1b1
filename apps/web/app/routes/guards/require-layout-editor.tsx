import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-layout-editor'

/**
 * The back-office layout editor is for admins and for the layout-editor role (spec §6 leaves the role
 * open: venue managers draw plans without being able to sell, refund or change prices). Everyone else
 * goes to /403, a visitor to the operators' login first.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!context.session) {
    throw redirect(`/authorization/operators?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  // /403 keeps the page, so logging in there with another account comes back to it.
  // Admins hold the layout_editor role too (auth.service rolesOf).
  if (!context.session.roles.includes('layout_editor')) {
    throw redirect(`/403?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}

export default function RequireLayoutEditor() {
  return <Outlet />
}
