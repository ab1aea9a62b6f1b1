import { Alert, Box, Stack, Text } from '@mantine/core'
import type { QrMaterial } from '@palco/domain/tickets/qr-code'
import { dynamicCode, msUntilNextStep } from '@palco/domain/tickets/qr-code'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

const SIZE = 264

/**
 * The ticket's QR code, drawn in the browser (issue 7, part 3). Static types draw the code the API gave;
 * dynamic types derive a new code every step from the ticket secret (the same function the gate checks
 * with) and show a countdown, so a screenshot stops working within seconds. The drawing library loads
 * only here, on the ticket page.
 */
export function TicketQr(props: { qr: QrMaterial }) {
  const { t } = useTranslation('tickets')
  const canvas = useRef<HTMLCanvasElement>(null)
  const [code, setCode] = useState<string | null>('code' in props.qr ? props.qr.code : null)
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const dynamic = props.qr.type === 'DYNAMIC_DEFAULT' || props.qr.type === 'DYNAMIC_ENCRYPTED'

  useEffect(() => {
    if ('code' in props.qr) {
      setCode(props.qr.code)
      return
    }
    const qr: Extract<QrMaterial, { secret: string }> = props.qr
    let cancelled = false
    let lastStep = ''
    const tick = async () => {
      const now = Date.now()
      setSecondsLeft(Math.max(1, Math.ceil(msUntilNextStep(now, qr.stepSeconds) / 1000)))
      const step = String(Math.floor(now / 1000 / qr.stepSeconds))
      if (step === lastStep) return
      lastStep = step
      try {
        const next = await dynamicCode(qr, now)
        if (!cancelled) setCode(next)
      } catch {
        if (!cancelled) setFailed(true)
      }
    }
    void tick()
    const timer = setInterval(() => void tick(), 1000)
    return () => {
      cancelled = true
      clearInterval(timer)
    }
  }, [props.qr])

  useEffect(() => {
    if (!code || !canvas.current) return
    let cancelled = false
    void import('qrcode')
      .then((QRCode) => {
        if (cancelled || !canvas.current) return
        const target = canvas.current
        return QRCode.toCanvas(target, code, {
          width: SIZE,
          margin: 4,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }).then(() => {
          target.dataset.drawn = 'true'
        })
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
    }
  }, [code])

  if (failed) return <Alert color="red">{t('detail.qrError')}</Alert>
  return (
    <Stack align="center" gap="xs">
      <Box bg="white" p={0} style={{ lineHeight: 0, borderRadius: 8 }}>
        <canvas
          ref={canvas}
          width={SIZE}
          height={SIZE}
          role="img"
          aria-label={t('detail.qrLabel')}
          data-testid="ticket-qr"
          style={{ width: SIZE, height: SIZE, maxWidth: '100%' }}
        />
      </Box>
      <Text size="sm" ta="center">
        {t('detail.qrCaption')}
      </Text>
      {dynamic && (
        <>
          <Text size="sm" ta="center">
            {t('detail.dynamicHint')}
          </Text>
          {secondsLeft !== null && (
            <Text size="sm" fw={700} aria-live="off" data-testid="qr-countdown">
              {t('detail.countdown', { count: secondsLeft })}
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}
