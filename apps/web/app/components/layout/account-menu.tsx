import type { SessionUser } from '@palco/domain/web/server-context'
import {
  type KeyboardEvent,
  type MouseEvent,
  type ToggleEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AccountButton } from './account-button'
import classes from './account-menu.module.css'

type FocusTarget = 'first' | 'last'

// Where CSS cannot tie the menu to its button (no anchor positioning), the script places it under the button.
const anchored = () => typeof CSS !== 'undefined' && CSS.supports('anchor-name: --a')
const isOpen = (el: HTMLElement | null) => !!el?.matches(':popover-open')

/**
 * The signed-in person's name opening their account menu: the WAI-ARIA menu button (Enter, Space or the
 * arrows open it on an item; arrows, Home and End move; Escape closes back to the button; Tab leaves). The
 * menu is a popover the browser opens from the button itself, so a tap works before the page's script has run
 * (issue 13: the first tap on it waited for the hydration), and the browser closes it on Escape or a press
 * elsewhere; the script adds the keyboard's moves. Written out instead of on a positioning library so that the
 * module a signed-in page fetches for it is one small file. Loaded lazily by the site header, so an anonymous
 * visitor downloads none of it.
 */
export default function AccountMenu(props: {
  session: SessionUser
  onLogout: () => void
  /** Open at once: the button was tapped while this module loaded. */
  defaultOpened?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<FocusTarget | null>(null)
  const menu = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const buttonId = useId()

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
  const focusAt = (index: number) => {
    const all = items()
    all[(index + all.length) % all.length]?.focus()
  }
  const show = (target: FocusTarget | null) => {
    focusOnOpen.current = target
    if (!isOpen(menu.current)) menu.current?.showPopover()
    else if (target) focusAt(target === 'first' ? 0 : -1)
  }
  const hide = () => {
    if (isOpen(menu.current)) menu.current?.hidePopover()
  }

  // A tap before this script ran was answered by the browser: the menu may be open already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when drawn
  useLayoutEffect(() => {
    if (props.defaultOpened) show(null)
    setOpen(isOpen(menu.current))
  }, [])

  const onToggle = (e: ToggleEvent<HTMLDivElement>) => {
    const opened = e.newState === 'open'
    setOpen(opened)
    if (!opened) {
      focusOnOpen.current = null
      return
    }
    const at = button.current?.getBoundingClientRect()
    if (at && menu.current && !anchored())
      Object.assign(menu.current.style, {
        top: `${at.bottom + 4}px`,
        right: `${document.documentElement.clientWidth - at.right}px`,
      })
    if (focusOnOpen.current) focusAt(focusOnOpen.current === 'first' ? 0 : -1)
    focusOnOpen.current = null
  }

  // The button opens and closes the menu by itself (popovertarget); Enter or Space (a click with no pointer,
  // detail 0) also puts the focus on the first item, as the pattern asks.
  const onButtonClick = (e: MouseEvent<HTMLButtonElement>) => {
    focusOnOpen.current = e.detail === 0 ? 'first' : null
  }
  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      show(e.key === 'ArrowDown' ? 'first' : 'last')
    }
  }
  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = items()
    const at = all.indexOf(document.activeElement as HTMLElement)
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 }
    const to = moves[e.key]
    if (to !== undefined) {
      e.preventDefault()
      focusAt(to)
    } else if (e.key === 'Tab') hide() // and the focus goes on from the button, where the menu sits
  }

  const link = (to: string, label: string) => (
    <Link role="menuitem" tabIndex={-1} className={classes.item} to={to} onClick={hide}>
      {label}
    </Link>
  )

  return (
    <div className={classes.root}>
      <AccountButton
        ref={button}
        id={buttonId}
        session={props.session}
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      />
      <div
        ref={menu}
        popover="auto"
        role="menu"
        id={menuId}
        aria-labelledby={buttonId}
        className={classes.menu}
        onKeyDown={onMenuKeyDown}
        onToggle={onToggle}
      >
        {/* Operators get to their tools from every page (issue 13); more join as they open. */}
        {props.session.roles.includes('operator') && (
          <>
            {link('/assistant/check-in', t('nav.checkIn'))}
            {props.session.roles.includes('admin') && (
              <>
                {link('/backoffice/box-office', t('nav.boxOfficeReports'))}
                {link('/backoffice/operators', t('nav.boxOfficeOperators'))}
                {link('/backoffice/paguitos', t('nav.paguitosPlans'))}
                {link('/backoffice/events', t('nav.events'))}
                {link('/backoffice/orders', t('nav.orders'))}
                {link('/backoffice/promo-codes', t('nav.promoCodes'))}
                {link('/backoffice/inscriptions', t('nav.inscriptionForms'))}
              </>
            )}
            <hr className={classes.divider} />
          </>
        )}
        {/* Organisers' staff run their own events from the back office (issue 43). */}
        {props.session.roles.includes('organiser') && !props.session.roles.includes('admin') && (
          <>
            {link('/backoffice/events', t('nav.events'))}
            {link('/backoffice/orders', t('nav.orders'))}
            {link('/backoffice/promo-codes', t('nav.promoCodes'))}
            {link('/backoffice/inscriptions', t('nav.inscriptionForms'))}
            {link('/backoffice/paguitos', t('nav.paguitosPlans'))}
            <hr className={classes.divider} />
          </>
        )}
        {/* Venue plans (issue 18): admins and layout editors, who are not operators. */}
        {props.session.roles.includes('layout_editor') && (
          <>
            {link('/backoffice/layout_editor', t('nav.layoutEditor'))}
            <hr className={classes.divider} />
          </>
        )}
        {link('/profile', t('nav.myProfile'))}
        {link('/my-tickets', t('nav.myTickets'))}
        {link('/my-purchases', t('nav.myPurchases'))}
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={classes.item}
          onClick={() => {
            hide()
            props.onLogout()
          }}
        >
          {t('nav.logout')}
        </button>
      </div>
    </div>
  )
}
