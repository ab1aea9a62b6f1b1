import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { REFRESH_MS } from '../model/dashboard-view'

/** Reads the page's data again every few seconds while the tab is visible, so a new sale shows by itself. */
export function useRefresh() {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible' && state === 'idle') void revalidate()
    }, REFRESH_MS)
    return () => window.clearInterval(id)
  }, [revalidate, state])
}
