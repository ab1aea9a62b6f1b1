import { Container } from '@mantine/core'
import type { WaitingRoomInfo } from '@palco/domain/waiting-room/contract'
import { useTranslation } from 'react-i18next'
import { data, useLocation } from 'react-router'
import { roomInfoPath } from '../../features/waiting-room/api/waiting-room'
import { WaitingPage } from '../../features/waiting-room/components/waiting-page'
import type { Route } from './+types/waiting-room'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** `/waiting-room/:eventId` (issue 42 part 1): where a fan waits for their turn to buy. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.eventId)) throw data(null, { status: 404 })
  const res = await context.api<WaitingRoomInfo>(roomInfoPath(params.eventId))
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return { info: res.data, locale: context.locale }
}

export default function WaitingRoomRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('waitingroom')
  const { pathname } = useLocation()
  const { info, locale } = loaderData
  return (
    <Container size="xs" px="md" py="xl">
      <title>{`${t('pageTitle', { name: info.eventName })} · Palco`}</title>
      <WaitingPage
        info={info}
        locale={locale}
        loginPath={`/authorization/login?redirectTo=${encodeURIComponent(pathname)}`}
      />
    </Container>
  )
}
