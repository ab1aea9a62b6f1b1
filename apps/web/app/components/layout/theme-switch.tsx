import { ActionIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useFetcher, useLocation } from 'react-router'
import type { Theme } from '../../lib/theme'
import classes from './theme-switch.module.css'

function SunIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  )
}

function MoonIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  )
}

/** A real form, so the switch works before hydration too; the cookie keeps the choice (spec §1). */
export function ThemeSwitch({ theme }: { theme: Theme }) {
  const { t } = useTranslation()
  const fetcher = useFetcher()
  const location = useLocation()
  const pending = fetcher.formData?.get('theme')
  const shown: Theme = pending === 'dark' || pending === 'light' ? pending : theme
  const next: Theme = shown === 'dark' ? 'light' : 'dark'
  const label = t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')
  return (
    <fetcher.Form method="post" action="/preferences/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <ActionIcon
        type="submit"
        variant="default"
        size="lg"
        aria-label={label}
        data-tooltip={label}
        className={classes.switch}
        data-testid="theme-switch"
      >
        {shown === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </fetcher.Form>
  )
}
