import { Alert, Container } from '@mantine/core'
import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'

const NOTICES = ['loggedOut', 'accountDeleted'] as const
type Notice = (typeof NOTICES)[number]

const isNotice = (x: unknown): x is Notice =>
  typeof x === 'string' && (NOTICES as readonly string[]).includes(x)

/**
 * A one-line confirmation after logout or account deletion, carried in the navigation's state (not in
 * the URL, so it is not shared or bookmarked). Read after hydration: the server never sees that state.
 * Both notices say the person is logged out, so neither is shown while someone is logged in: a login
 * in the dialog stays on the same history entry, whose state still carries the notice (issue 13).
 */
export function AccountNotice(props: { signedIn: boolean }) {
  const location = useLocation()
  const [notice, setNotice] = useState<Notice | null>(null)
  useEffect(() => {
    const value = (location.state as { notice?: unknown } | null)?.notice
    setNotice(isNotice(value) ? value : null)
  }, [location])
  return (
    <div role="status">
      {notice && !props.signedIn ? (
        // Its texts (the auth namespace) may still be on their way: the page itself does not wait for them.
        <Suspense fallback={null}>
          <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Apart, so that a page without a notice neither reads nor carries the auth texts (page-resources.tsx). */
function NoticeAlert(props: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation('auth')
  return (
    <Container size="lg" pt="md">
      <Alert
        color="teal"
        variant="light"
        withCloseButton
        closeButtonLabel={t('notices.close')}
        onClose={props.onClose}
        data-testid="account-notice"
      >
        {t(`notices.${props.notice}`)}
      </Alert>
    </Container>
  )
}
