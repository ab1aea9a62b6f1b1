import { Drawer, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The navigation drawer of small screens. Loaded lazily on the first tap of the burger (Mantine's Drawer
 * brings its scroll area along), so a visitor who never opens it never downloads it.
 */
export default function MobileNav(props: {
  opened: boolean
  onClose: () => void
  /** The navigation's name for screen readers. */
  label: string
  /** The width from which the header shows the links itself. */
  hiddenFrom: 'md' | 'lg' | 'xl'
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      hiddenFrom={props.hiddenFrom}
      size="xs"
    >
      <Stack component="nav" aria-label={props.label} gap="md">
        {props.children}
      </Stack>
    </Drawer>
  )
}
