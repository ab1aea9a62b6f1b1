import { useCallback } from 'react'
import { type NavigateOptions, type To, useNavigate, useRevalidator } from 'react-router'

/**
 * After a login, a logout or an account change, the server data (the root loader's `session`, the
 * header's name) must be read again. Navigating alone does not re-run the root loader, so this goes
 * where it must first (a guarded page is left before its guard sees the session gone), then revalidates.
 */
export function useSessionRefresh() {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  return useCallback(
    async (to?: To, options?: NavigateOptions) => {
      if (to !== undefined) await navigate(to, options)
      await revalidator.revalidate()
    },
    [navigate, revalidator],
  )
}
