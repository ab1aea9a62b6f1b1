import { Button } from '@mantine/core'
import type { OrderView } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { TitledSection } from '../../../components/ui/titled-section'
import type { WaitingPayment as Waiting } from '../model/installment-plan'
import { SpeiDetails } from './spei-details'
import { VoucherDetails } from './voucher-details'
import { WaitingNotice } from './waiting-notice'

/** The plan's payment still out: its voucher, its SPEI details, or a bank or card still answering. */
export function WaitingPayment(props: { order: OrderView; waiting: NonNullable<Waiting>; locale: Locale }) {
  const { t } = useTranslation('checkout')
  const { order, waiting, locale } = props
  const spei = waiting === 'TRANSFER' && order.transfer?.kind === 'SPEI'
  const text =
    waiting === 'VOUCHER'
      ? t('paguitos.waitingVoucher')
      : spei
        ? t('paguitos.waitingTransfer')
        : waiting === 'TRANSFER'
          ? t('paguitos.waitingBank')
          : t('paguitos.waitingOther')
  return (
    <TitledSection title={t('paguitos.waitingTitle')} titleSize="h4" gap="md" testId="paguitos-waiting">
      {waiting === 'VOUCHER' && order.voucher && (
        <VoucherDetails voucher={order.voucher} order={order} locale={locale} />
      )}
      {spei && order.transfer && <SpeiDetails transfer={order.transfer} order={order} locale={locale} />}
      {waiting === 'TRANSFER' && !spei && order.transfer?.redirectUrl && (
        <Button component="a" href={order.transfer.redirectUrl} variant="default">
          {t('transfer.pseGoToBank')}
        </Button>
      )}
      <WaitingNotice text={text} />
    </TitledSection>
  )
}
