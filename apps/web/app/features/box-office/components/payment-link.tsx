import { Anchor, Image, Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TitledSection } from '../../../components/ui/titled-section'

const QR_SIZE = 220

/**
 * The card payment link of a sale the buyer pays later (issue 15 part 3), while it takes payments: a QR
 * code the buyer scans at the counter to pay on their phone, and the page itself. The code is drawn in the
 * browser from the page's whole address (the sandbox's page is addressed from our site's root).
 */
export function PaymentLinkPanel(props: { link: { url: string; until: string }; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const [qr, setQr] = useState<string | null>(null)
  const { url, until } = props.link

  useEffect(() => {
    let cancelled = false
    const address = new URL(url, window.location.href).toString()
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(address, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }))
      .then((png) => {
        if (!cancelled) setQr(png)
      })
      // Without the code the link below still works.
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [url])

  return (
    <TitledSection title={t('receipt.linkTitle')} titleSize="h4" testId="payment-link">
      <Text size="sm">
        {t('receipt.linkLead', {
          date: formatDate(until, props.locale),
          time: formatTime(until, props.locale),
        })}
      </Text>
      {qr && <Image src={qr} alt={t('receipt.linkQr')} w={QR_SIZE} h={QR_SIZE} />}
      <Anchor href={url} target="_blank" rel="noopener" data-testid="payment-link-open" w="fit-content">
        {t('receipt.linkCopy')}
      </Anchor>
    </TitledSection>
  )
}
