import { useCallback } from 'react'
import { useLocation } from 'react-router'
import { useSessionRefresh } from '../../../lib/use-session-refresh'
import { logout } from '../api/logout'

// Pages a visitor may not see: leaving them after logout avoids a bounce through the login page.
const PRIVATE_AREAS = /^\/(profile|my-purchases|my-tickets|assistant|backoffice)(\/|$)/

/** Logs out, leaves private pages for home, and says so (see AccountNotice). */
export function useLogout() {
  const location = useLocation()
  const refresh = useSessionRefresh()
  return useCallback(async () => {
    try {
      await logout()
    } catch {
      // The session may already be gone (expired, other tab): the refresh below shows the truth.
      await refresh()
      return
    }
    const here = `${location.pathname}${location.search}${location.hash}`
    await refresh(PRIVATE_AREAS.test(location.pathname) ? '/' : here, {
      replace: true,
      state: { notice: 'loggedOut' },
    })
  }, [location, refresh])
}
