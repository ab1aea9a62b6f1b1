import { Button, Container, Group, Paper, Stack, Title } from '@mantine/core'
import type { Fan } from '@palco/domain/people/fan'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, redirect, useRevalidator } from 'react-router'
import { AuthDialog } from '../../features/auth/components/auth-dialog'
import { useLogout } from '../../features/auth/hooks/use-logout'
import { getWalletBalance } from '../../features/profile/api/get-wallet-balance'
import { getSavedCards } from '../../features/profile/api/saved-cards'
import { AccountDetails } from '../../features/profile/components/account-details'
import { ChangePasswordForm } from '../../features/profile/components/change-password-form'
import { DeleteAccount } from '../../features/profile/components/delete-account'
import { ProfileForm } from '../../features/profile/components/profile-form'
import { SavedCards } from '../../features/profile/components/saved-cards'
import { WalletBalance } from '../../features/profile/components/wallet-balance'
import { useSessionRefresh } from '../../lib/use-session-refresh'
import type { Route } from './+types/profile'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

// Personal data: never stored by a shared cache or the back/forward cache of another user.
export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ context }: Route.LoaderArgs) {
  const [res, wallet, cards] = await Promise.all([
    context.api<Fan>('/api/fan'),
    getWalletBalance(context.api),
    getSavedCards(context.api).catch(() => null),
  ])
  // The guard saw a session; it may have ended since (expired, deleted in another tab).
  if (res.status === 401) throw redirect(`/authorization/login?redirectTo=${encodeURIComponent('/profile')}`)
  if (res.status !== 200) throw data(null, { status: res.status === 404 ? 404 : 503 })
  return {
    fan: res.data,
    country: context.country,
    locale: context.locale,
    wallet: wallet.status === 200 ? wallet.data : null,
    cards: cards?.status === 200 ? cards.data.cards : null,
  }
}

function Section(props: { title: string; children: ReactNode; testId?: string }) {
  const id = useId()
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={id}
      data-testid={props.testId}
    >
      <Title order={2} size="h3" id={id} mb="md">
        {props.title}
      </Title>
      {props.children}
    </Paper>
  )
}

/**
 * `/profile` (spec §2, fans only): details, phone change, wallet balance, saved cards (issue 16), password,
 * logout and account deletion.
 */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth')
  const { fan, country } = loaderData
  const logout = useLogout()
  const refresh = useSessionRefresh()
  const [changingPhone, setChangingPhone] = useState(false)
  const { revalidate } = useRevalidator()
  return (
    <Container size="sm" px="md" py="xl">
      <title>{`${t('profile.title')} · Palco`}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1}>{t('profile.title')}</Title>
          <Button variant="default" onClick={() => void logout()}>
            {t('profile.logout')}
          </Button>
        </Group>
        <Section title={t('profile.details')} testId="profile-details">
          <ProfileForm key={fan.id} fan={fan} onSaved={() => void refresh()} />
        </Section>
        <Section title={t('profile.account')}>
          <AccountDetails fan={fan} onChangePhone={() => setChangingPhone(true)} />
        </Section>
        <Section title={t('profile.wallet')} testId="profile-wallet">
          <WalletBalance balance={loaderData.wallet} locale={loaderData.locale} />
        </Section>
        <Section title={t('profile.cards')} testId="profile-cards">
          <SavedCards cards={loaderData.cards} locale={loaderData.locale} onRemoved={revalidate} />
        </Section>
        <Section title={t('profile.password')}>
          <ChangePasswordForm />
        </Section>
        <Section title={t('profile.deleteSection')}>
          <DeleteAccount
            onDeleted={() => void refresh('/', { replace: true, state: { notice: 'accountDeleted' } })}
          />
        </Section>
      </Stack>
      <AuthDialog
        opened={changingPhone}
        onClose={() => setChangingPhone(false)}
        entry="changePhoneNumber"
        country={country}
        onSessionChange={() => void refresh()}
      />
    </Container>
  )
}
