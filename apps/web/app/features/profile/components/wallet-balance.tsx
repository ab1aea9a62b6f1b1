import { Stack, Text } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import type { WalletBalance as Balance } from '../api/get-wallet-balance'

/**
 * The fan's wallet balance in the site's currency (issue 13: it was shown only inside checkout). Null when
 * the balance could not be read: the profile still opens, and says so.
 */
export function WalletBalance(props: { balance: Balance | null; locale: Locale }) {
  const { t } = useTranslation('auth')
  if (!props.balance) return <Text>{t('profile.walletUnavailable')}</Text>
  const { balance, currency } = props.balance
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={600}>
          {t('profile.walletBalance')}
        </Text>
        <Text size="xl" fw={700} data-testid="wallet-balance">
          {formatMoney({ amount: balance, currency }, props.locale)}
        </Text>
      </div>
      <MutedText>{t('profile.walletHint')}</MutedText>
    </Stack>
  )
}
