import type { SessionUser } from '@palco/domain/web/server-context'
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AccountButton } from './account-button'
import classes from './account-menu.module.css'

type FocusTarget = 'first' | 'last'

/**
 * The signed-in person's name opening their account menu: the WAI-ARIA menu button (Enter, Space or the
 * arrows open it on an item; arrows, Home and End move; Escape closes back to the button; Tab leaves). Written
 * out instead of on a positioning library so that the module a signed-in page fetches for it is one small
 * file, not fifteen (issue 13: the first tap on it was answered 0.2 s over budget, waiting for them). Loaded
 * lazily by the site header, so an anonymous visitor downloads none of it.
 */
export default function AccountMenu(props: {
  session: SessionUser
  onLogout: () => void
  /** Open at once: the button was tapped while this module loaded. */
  defaultOpened?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(props.defaultOpened ?? false)
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const buttonId = useId()

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
  const focusAt = (index: number) => {
    const all = items()
    all[(index + all.length) % all.length]?.focus()
  }
  const openOn = (target: FocusTarget) => {
    setOpen(true)
    setFocusOnOpen(target)
  }
  const close = (backToButton: boolean) => {
    setOpen(false)
    if (backToButton) button.current?.focus()
  }

  // Items exist only once the menu is drawn: focus the requested one after that render.
  useEffect(() => {
    if (!open || !focusOnOpen) return
    focusAt(focusOnOpen === 'first' ? 0 : -1)
    setFocusOnOpen(null)
  })

  // A press anywhere else closes it, as any menu does.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const onButtonClick = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space (a click with no pointer, detail 0) opens on the first item, as the pattern asks.
    if (open) close(false)
    else if (e.detail === 0) openOn('first')
    else setOpen(true)
  }
  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      openOn(e.key === 'ArrowDown' ? 'first' : 'last')
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
    } else if (e.key === 'Tab') setOpen(false)
  }
  const onRootKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault()
      close(true)
    }
  }

  const link = (to: string, label: string) => (
    <Link role="menuitem" tabIndex={-1} className={classes.item} to={to} onClick={() => setOpen(false)}>
      {label}
    </Link>
  )

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the button or any item closes the menu
    <div ref={root} className={classes.root} onKeyDown={onRootKeyDown}>
      <AccountButton
        ref={button}
        id={buttonId}
        session={props.session}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      />
      {open && (
        <div
          role="menu"
          id={menuId}
          aria-labelledby={buttonId}
          className={classes.menu}
          onKeyDown={onMenuKeyDown}
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
                  {link('/backoffice/inscriptions', t('nav.inscriptionForms'))}
                </>
              )}
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
              setOpen(false)
              props.onLogout()
            }}
          >
            {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  )
}
