import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import type { Country } from '@palco/domain/locale/country'
import { currencyOf } from '@palco/domain/locale/country'
import type { SessionUser } from '@palco/domain/web/server-context'
import { type MouseEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import type { Theme } from '../../lib/theme'
import classes from './site-header.module.css'
import { ThemeSwitch } from './theme-switch'

const NAV = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/tours', key: 'nav.tours', end: false },
  { to: '/my-tickets', key: 'nav.myTickets', end: false },
  { to: '/faqs', key: 'nav.faqs', end: false },
] as const

function CountryIndicator({ country }: { country: Country }) {
  const { t } = useTranslation()
  return (
    <Text size="sm" c="dimmed" data-testid="country-indicator">
      {t(`country.${country}`)} · {currencyOf(country)}
    </Text>
  )
}

function ChevronDown() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  )
}

/** A plain click (no modifier keys, main button), which the login link may turn into the dialog. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

/** The signed-in person's name opening their account menu (Mantine's menu: arrows, Enter, Escape). */
function AccountMenu(props: { session: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation()
  return (
    // No focus placeholder: Mantine's is a role="presentation" child, which a role="menu" may not have.
    <Menu position="bottom-end" width={200} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="light"
          rightSection={<ChevronDown />}
          data-testid="account-menu"
          maw={{ base: 150, sm: 240 }}
        >
          <VisuallyHidden>{t('nav.accountMenu')}: </VisuallyHidden>
          <Text span inherit truncate="end">
            {props.session.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile">
          {t('nav.myProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/my-tickets">
          {t('nav.myTickets')}
        </Menu.Item>
        <Menu.Item onClick={props.onLogout}>{t('nav.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

export function SiteHeader(props: {
  country: Country
  theme: Theme
  session: SessionUser | null
  /** The login page, with a way back here; a real link so it works before hydration. */
  loginHref: string
  /** With JavaScript, "Log in" may open the dialog instead of leaving the page. */
  onLoginClick?: (() => void) | undefined
  onLogout: () => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const links = NAV.map((item) => (
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
            <Group component="nav" aria-label={t('nav.label')} gap="md" visibleFrom="sm">
              {links}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="xs">
              <CountryIndicator country={props.country} />
            </Box>
            <ThemeSwitch theme={props.theme} />
            {props.session ? (
              <AccountMenu session={props.session} onLogout={props.onLogout} />
            ) : (
              <Button component={Link} to={props.loginHref} onClick={onLogin} data-testid="login-button">
                {t('nav.login')}
              </Button>
            )}
            <Burger
              opened={open}
              onClick={() => setOpen((o) => !o)}
              hiddenFrom="sm"
              aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
              aria-expanded={open}
            />
          </Group>
        </Group>
      </Container>
      <Drawer opened={open} onClose={() => setOpen(false)} title={t('nav.menu')} hiddenFrom="sm" size="xs">
        <Stack component="nav" aria-label={t('nav.label')} gap="md">
          {links}
          <CountryIndicator country={props.country} />
          {props.session ? (
            <>
              <Text fw={600}>{props.session.name}</Text>
              <Anchor component={Link} to="/profile" className={classes.link} onClick={() => setOpen(false)}>
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
            <Button component={Link} to={props.loginHref} onClick={onLogin}>
              {t('nav.login')}
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  )
}
