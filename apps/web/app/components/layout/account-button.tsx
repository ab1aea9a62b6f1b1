import { Button, Text, VisuallyHidden } from '@mantine/core'
import type { SessionUser } from '@palco/domain/web/server-context'
import type { ComponentPropsWithRef } from 'react'
import { useTranslation } from 'react-i18next'

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

/**
 * The button that opens the menu (the menu passes it its ref and handlers); also drawn while the menu's
 * module loads, so the header looks the same before and after (the header remembers a tap on it then).
 */
export function AccountButton({
  session,
  ...button
}: { session: SessionUser } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation()
  return (
    <Button
      {...button}
      variant="light"
      rightSection={<ChevronDown />}
      data-testid="account-menu"
      data-account-button=""
      maw={{ base: 150, sm: 240 }}
    >
      <VisuallyHidden>{t('nav.accountMenu')}: </VisuallyHidden>
      <Text span inherit truncate="end">
        {session.name}
      </Text>
    </Button>
  )
}
