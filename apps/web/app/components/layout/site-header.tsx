import { Anchor, Box, Burger, Button, Container, Group, Text, VisuallyHidden } from '@mantine/core'
import type { Country } from '@palco/domain/locale/country'
import { currencyOf } from '@palco/domain/locale/country-settings'
import type { SessionUser } from '@palco/domain/web/server-context'
import { lazy, type MouseEvent, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { lazyFilesOf, preloadFiles } from '../../lib/lazy-files'
import type { Theme } from '../../lib/theme'
import { AccountButton } from './account-button'
import { FAN_NAV, type NavItem } from './back-office-nav'
import classes from './site-header.module.css'
import { ThemeSwitch } from './theme-switch'

function CountryIndicator({ country }: { country: Country }) {
  const { t } = useTranslation()
  return (
    <Text size="sm" c="dimmed" data-testid="country-indicator">
      {t(`country.${country}`)} · {currencyOf(country)}
    </Text>
  )
}

/** A plain click (no modifier keys, main button), which the login link may turn into the dialog. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

// Loaded on demand: the account menu only for a signed-in fan, the drawer on the first tap of the burger
// (or as the pointer or focus reaches it), so an anonymous visitor on a wide screen downloads neither.
const loadAccountMenu = () => import('./account-menu')
const AccountMenu = lazy(loadAccountMenu)
// A signed-in page (its header drawn with the account button) needs the menu before the button answers a tap.
// The server's page asks for its files with the page's own modules (lazyFilesOf below); in development, or if
// the build did not split it out, it is fetched as this module runs rather than when hydration reaches it.
if (typeof document !== 'undefined' && document.querySelector('[data-account-button]')) void loadAccountMenu()
const loadMobileNav = () => import('./mobile-nav')
const MobileNav = lazy(loadMobileNav)

export function SiteHeader(props: {
  country: Country
  theme: Theme
  session: SessionUser | null
  /** The login page, with a way back here; a real link so it works before hydration. */
  loginHref: string
  /** Once the dialog can open at once, "Log in" opens it instead of leaving the page. */
  onLoginClick?: (() => void) | undefined
  /** The pointer or focus reached "Log in", or the menu holding it opened: fetch the dialog's code now. */
  onLoginIntent?: (() => void) | undefined
  onLogout: () => void
  /** The area's own links: the fans' site by default, the back office's pages there (issue 43 part 7). */
  nav?: readonly NavItem[]
  /** What the navigation is called for screen readers, and shown beside the brand when it is not the site's. */
  area?: string
  /** From which width the links sit in the header instead of the menu (longer lists need more room). */
  navFrom?: 'md' | 'lg' | 'xl'
}) {
  const { t } = useTranslation()
  const nav = props.nav ?? FAN_NAV
  const navFrom = props.navFrom ?? 'md'
  const [open, setOpen] = useState(false)
  // Known to the server only: on the client the list is empty and this does nothing.
  if (props.session) preloadFiles(lazyFilesOf('account-menu'))
  // The drawer stays mounted after its first opening, so closing animates and reopening is instant.
  const [navMounted, setNavMounted] = useState(false)
  const [menuWanted, setMenuWanted] = useState(false)
  const links = nav.map((item) => (
    <Anchor
      key={item.to}
      component={NavLink}
      to={item.to}
      end={item.end}
      className={classes.link}
      onClick={() => setOpen(false)}
    >
      {t(item.key)}
    </Anchor>
  ))
  const onLogin = (e: MouseEvent) => {
    setOpen(false)
    if (props.onLoginClick && isPlainClick(e)) {
      e.preventDefault()
      props.onLoginClick()
    }
  }
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" className={classes.brand} underline="never">
              Palco
              <VisuallyHidden>{t('nav.homeOf', { country: t(`country.${props.country}`) })}</VisuallyHidden>
            </Anchor>
            {props.area && (
              <Text fw={600} size="sm" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                {props.area}
              </Text>
            )}
            {/* From md: five links, the country and the account button need about 900 px on one line. */}
            <Group component="nav" aria-label={props.area ?? t('nav.label')} gap="md" visibleFrom={navFrom}>
              {links}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="xs">
              <CountryIndicator country={props.country} />
            </Box>
            <ThemeSwitch theme={props.theme} />
            {props.session ? (
              // The stand-in while the menu's code loads (just after a login, or on a server's first render):
              // a tap on it is remembered, and the menu opens as soon as its code arrives.
              <Suspense
                fallback={
                  <AccountButton
                    session={props.session}
                    aria-haspopup="menu"
                    aria-expanded={false}
                    onClick={() => setMenuWanted(true)}
                  />
                }
              >
                <AccountMenu session={props.session} onLogout={props.onLogout} defaultOpened={menuWanted} />
              </Suspense>
            ) : (
              <Button
                component={Link}
                to={props.loginHref}
                onClick={onLogin}
                onPointerEnter={props.onLoginIntent}
                onFocus={props.onLoginIntent}
                aria-haspopup={props.onLoginClick ? 'dialog' : undefined}
                data-testid="login-button"
              >
                {t('nav.login')}
              </Button>
            )}
            <Burger
              opened={open}
              onClick={() => {
                setNavMounted(true)
                setOpen((o) => !o)
                // The menu holds "Log in" for a visitor: the dialog's code comes while it opens.
                if (!props.session) props.onLoginIntent?.()
              }}
              onPointerEnter={() => void loadMobileNav()}
              onFocus={() => void loadMobileNav()}
              hiddenFrom={navFrom}
              aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
              aria-expanded={open}
            />
          </Group>
        </Group>
      </Container>
      {navMounted ? (
        <Suspense fallback={null}>
          <MobileNav
            opened={open}
            onClose={() => setOpen(false)}
            label={props.area ?? t('nav.label')}
            hiddenFrom={navFrom}
          >
            {links}
            <CountryIndicator country={props.country} />
            {props.session ? (
              <>
                <Text fw={600}>{props.session.name}</Text>
                {props.session.roles.includes('operator') ? (
                  <Anchor
                    component={Link}
                    to="/assistant/check-in"
                    className={classes.link}
                    onClick={() => setOpen(false)}
                  >
                    {t('nav.checkIn')}
                  </Anchor>
                ) : null}
                <Anchor
                  component={Link}
                  to="/profile"
                  className={classes.link}
                  onClick={() => setOpen(false)}
                >
                  {t('nav.myProfile')}
                </Anchor>
                <Button
                  variant="default"
                  onClick={() => {
                    setOpen(false)
                    props.onLogout()
                  }}
                >
                  {t('nav.logout')}
                </Button>
              </>
            ) : (
              <Button
                component={Link}
                to={props.loginHref}
                onClick={onLogin}
                aria-haspopup={props.onLoginClick ? 'dialog' : undefined}
              >
                {t('nav.login')}
              </Button>
            )}
          </MobileNav>
        </Suspense>
      ) : null}
    </Box>
  )
}
