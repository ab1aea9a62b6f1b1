import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/require-fan'

/** Spec §6: /profile, /my-purchases and /my-tickets need a logged-in fan; back here after login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.session) {
    const url = new URL(request.url)
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}

export default function RequireFan() {
  return <Outlet />
}
