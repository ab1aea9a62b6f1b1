import { Menu } from '@mantine/core'
import type { SessionUser } from '@palco/domain/web/server-context'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AccountButton } from './account-button'

/**
 * The signed-in person's name opening their account menu (Mantine's menu: arrows, Enter, Escape). Loaded
 * lazily by the site header, so an anonymous visitor downloads neither the menu nor its styles.
 */
export default function AccountMenu(props: {
  session: SessionUser
  onLogout: () => void
  /** Open at once: the button was tapped while this module loaded. */
  defaultOpened?: boolean
}) {
  const { t } = useTranslation()
  return (
    // No focus placeholder: Mantine's is a role="presentation" child, which a role="menu" may not have.
    <Menu
      position="bottom-end"
      width={200}
      withinPortal
      withInitialFocusPlaceholder={false}
      defaultOpened={props.defaultOpened ?? false}
    >
      <Menu.Target>
        <AccountButton session={props.session} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* Operators get to their tools from every page (issue 13); more join as they open. */}
        {props.session.roles.includes('operator') ? (
          <>
            <Menu.Item component={Link} to="/assistant/check-in">
              {t('nav.checkIn')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item component={Link} to="/profile">
          {t('nav.myProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/my-tickets">
          {t('nav.myTickets')}
        </Menu.Item>
        <Menu.Item component={Link} to="/my-purchases">
          {t('nav.myPurchases')}
        </Menu.Item>
        <Menu.Item onClick={props.onLogout}>{t('nav.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
