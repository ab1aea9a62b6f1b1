import { Alert, Button, Stack } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type DetectorClass = new (opts: { formats: string[] }) => Detector

const detectorClass = (): DetectorClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector

/**
 * Camera scanning where the browser has the Shape Detection API (`BarcodeDetector`: Chrome on Android,
 * recent desktop Chromium); elsewhere the typed field does the job. Each distinct code is reported once
 * until the camera is restarted, so holding a ticket in view does not scan it over and over.
 */
export function CameraScanner(props: { onCode: (code: string) => void }) {
  const { t } = useTranslation('tickets')
  const video = useRef<HTMLVideoElement>(null)
  const [supported, setSupported] = useState(false)
  const [on, setOn] = useState(false)
  const [failed, setFailed] = useState(false)
  const onCode = useRef(props.onCode)
  onCode.current = props.onCode

  useEffect(() => setSupported(Boolean(detectorClass() && navigator.mediaDevices?.getUserMedia)), [])

  useEffect(() => {
    const Detector = detectorClass()
    if (!on || !Detector || !video.current) return
    const el = video.current
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setInterval> | undefined
    let last = ''
    let stopped = false
    const detector = new Detector({ formats: ['qr_code'] })
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        if (stopped) {
          for (const tr of s.getTracks()) tr.stop()
          return
        }
        stream = s
        el.srcObject = s
        await el.play()
        timer = setInterval(() => {
          void detector
            .detect(el)
            .then((found) => {
              const code = found[0]?.rawValue
              if (code && code !== last) {
                last = code
                onCode.current(code)
              }
            })
            .catch(() => undefined)
        }, 300)
      })
      .catch(() => setFailed(true))
    return () => {
      stopped = true
      if (timer) clearInterval(timer)
      for (const tr of stream?.getTracks() ?? []) tr.stop()
    }
  }, [on])

  if (!supported)
    return (
      <Alert color="gray" variant="light">
        {t('checkin.noCamera')}
      </Alert>
    )
  return (
    <Stack gap="xs">
      <Button variant="default" onClick={() => setOn((v) => !v)} aria-pressed={on}>
        {on ? t('checkin.stopScan') : t('checkin.scan')}
      </Button>
      {failed && <Alert color="gray">{t('checkin.noCamera')}</Alert>}
      {on && (
        <video
          ref={video}
          aria-label={t('checkin.camera')}
          muted
          playsInline
          style={{ width: '100%', maxWidth: 360 }}
        />
      )}
    </Stack>
  )
}
