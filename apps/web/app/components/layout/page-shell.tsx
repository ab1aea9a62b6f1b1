import { Box } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useRevalidator } from 'react-router'
import { AccountNotice } from '../../features/auth/components/account-notice'
import { useLogout } from '../../features/auth/hooks/use-logout'
import { useRootData } from '../../root'
import { AnalyticsScripts } from './analytics-scripts'
import type { NavItem } from './back-office-nav'
import classes from './page-shell.module.css'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// The dialog (its forms) loads on first use, not with every page: it is fetched as soon as the pointer or
// focus reaches "Log in" (or the menu holding it opens). Until its code is here, "Log in" stays the link to
// the login page: a phone's tap on it while the page loads goes there at once instead of waiting for the
// dialog's code behind the page's own (issue 13: 5.5 s on the mobile profile).
let authDialogLoaded = false
const loadAuthDialog = () =>
  import('../../features/auth/components/auth-dialog').then((m) => {
    authDialogLoaded = true
    return m
  })
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })))

/**
 * Every page's frame: the skip link, the header with its area's links, the main region, the footer and the
 * login dialog. The fans' site and the back office (issue 43 part 7) are two uses of it, with their own links.
 */
export function PageShell(props: {
  /** The area's links; the fans' site's when left out. */
  nav?: readonly NavItem[]
  /** The area's name, beside the brand and on its navigation. */
  area?: string
  navFrom?: 'md' | 'lg' | 'xl'
  /** The fans' footer (support, policies, the app); the back office has none. */
  footer: boolean
}) {
  const { t } = useTranslation()
  const root = useRootData()
  const location = useLocation()
  const revalidator = useRevalidator()
  const logout = useLogout()
  const [loginOpen, setLoginOpen] = useState(false)
  // Stays mounted after the first opening, so closing can animate and reopening is instant.
  const [loginMounted, setLoginMounted] = useState(false)
  const [dialogReady, setDialogReady] = useState(authDialogLoaded)
  if (!root) return <Outlet />
  // On the login pages themselves the flow is already on screen: "Log in" stays a plain link there.
  const onAuthPage = location.pathname.startsWith('/authorization/')
  const here = `${location.pathname}${location.search}`
  const loginHref = onAuthPage ? here : `/authorization/login?redirectTo=${encodeURIComponent(here)}`
  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skip}>
        {t('nav.skipToContent')}
      </a>
      <SiteHeader
        nav={props.nav}
        area={props.area}
        navFrom={props.navFrom}
        country={root.country}
        theme={root.theme}
        session={root.session}
        loginHref={loginHref}
        onLoginClick={
          onAuthPage || !dialogReady
            ? undefined
            : () => {
                setLoginMounted(true)
                setLoginOpen(true)
              }
        }
        onLoginIntent={
          onAuthPage || dialogReady
            ? undefined
            : () =>
                void loadAuthDialog().then(
                  () => setDialogReady(true),
                  () => {
                    // Not fetched (offline): "Log in" stays the login page's link.
                  },
                )
        }
        onLogout={() => void logout()}
      />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <AccountNotice signedIn={root.session !== null} />
        <Outlet />
      </Box>
      {props.footer && <SiteFooter country={root.country} config={root.config} />}
      <AnalyticsScripts config={root.config} nonce={root.nonce} />
      {loginMounted ? (
        <Suspense fallback={null}>
          <AuthDialog
            opened={loginOpen}
            onClose={() => setLoginOpen(false)}
            country={root.country}
            onSessionChange={() => void revalidator.revalidate()}
          />
        </Suspense>
      ) : null}
    </Box>
  )
}
