import { Button, Container, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { CheckInResponse, GateEvents, OfflinePackage } from '@palco/domain/tickets/contract'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { MutedText } from '../../components/ui/muted-text'
import { checkInTicket } from '../../features/tickets/api/check-in'
import { CameraScanner } from '../../features/tickets/components/camera-scanner'
import { CheckInResult } from '../../features/tickets/components/check-in-result'
import { DocumentCheckIn } from '../../features/tickets/components/document-check-in'
import {
  type Delivery,
  isLastingRefusal,
  type OfflineGate,
  openOfflineGate,
  type PendingEntry,
} from '../../features/tickets/model/offline-gate'
import { type ApiError, apiRequest, isApiError, NETWORK_ERROR_CODE } from '../../lib/api-client'
import type { Route } from './+types/check-in'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** How often a gate with entries waiting tries to send them, when no `online` event says it can. */
const RETRY_MS = 10_000

/** Sends one entry admitted offline, dated when it was scanned; says whether it has to wait. */
async function deliver(eventId: string, entry: PendingEntry): Promise<Delivery> {
  try {
    await checkInTicket({ code: entry.code, eventId, gate: entry.gate, scannedAt: entry.scannedAt })
    return 'sent'
  } catch (err) {
    return isApiError(err) && isLastingRefusal(err.status) ? 'sent' : 'later'
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api<GateEvents>('/api/checkin/events')
  if (res.status !== 200) throw data(null, { status: res.status === 403 ? 403 : 503 })
  const wanted = new URL(request.url).searchParams.get('eventId')
  return { events: res.data.events, eventId: wanted, locale: context.locale }
}

/**
 * `/assistant/check-in` (issue 7, part 6): an operator picks the event and gate, then scans (camera where
 * the browser can) or types a ticket code; the answer says valid / already used (when, which gate) /
 * invalid / expired / wrong event. The field clears and keeps focus, ready for the next fan. A holder whose
 * counter tickets admit by identity document gets in by typing it instead.
 */
export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tickets')
  const { events, locale } = loaderData
  const [eventId, setEventId] = useState(
    events.find((e) => e.id === loaderData.eventId)?.id ?? events[0]?.id ?? '',
  )
  const [gate, setGate] = useState('1')
  const [code, setCode] = useState('')
  const [result, setResult] = useState<CheckInResponse | null>(null)
  const [scans, setScans] = useState(0)
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const event = events.find((e) => e.id === eventId)
  const [offline, setOffline] = useState<OfflineGate | null>(null)
  const [offlineAnswer, setOfflineAnswer] = useState(false)
  const [pending, setPending] = useState(0)
  const gateFor = offline?.eventId === eventId ? offline : null

  async function prepareOffline() {
    setError(null)
    try {
      const pkg = await apiRequest<OfflinePackage>(`/api/checkin/offline-package?eventId=${eventId}`)
      setOffline(await openOfflineGate(pkg))
    } catch (err) {
      if (isApiError(err)) setError(err)
      else throw err
    }
  }

  /** Entries admitted offline go to the server as soon as it answers again (it admits each once). */
  const sync = useCallback(async (g: OfflineGate) => {
    setPending(await g.flush((entry) => deliver(g.eventId, entry)).catch(() => g.pending().length))
  }, [])

  // Without waiting for the next fan: when the browser says the network is back, and on a timer for the
  // networks that come back without saying so (a captive portal, the server itself restarting).
  useEffect(() => {
    if (!gateFor) return
    const retry = () => {
      if (gateFor.pending().length > 0 && navigator.onLine !== false) void sync(gateFor)
    }
    window.addEventListener('online', retry)
    const timer = window.setInterval(retry, RETRY_MS)
    return () => {
      window.removeEventListener('online', retry)
      window.clearInterval(timer)
    }
  }, [gateFor, sync])

  async function send(value: string) {
    if (!value.trim() || !eventId) return
    const text = value.trim()
    const where = gate.trim() || '1'
    setBusy(true)
    setError(null)
    try {
      const answer = await checkInTicket({ code: text, eventId, gate: where })
      setResult(answer)
      setOfflineAnswer(false)
      setScans((n) => n + 1)
      setCode('')
      if (gateFor) {
        if (answer.checkedInAt && answer.gate) gateFor.remember(text, answer.checkedInAt, answer.gate)
        void sync(gateFor)
      }
    } catch (err) {
      if (isApiError(err) && err.code === NETWORK_ERROR_CODE && gateFor) {
        const local = await gateFor.scan(text, where, Date.now())
        setResult({ result: local.result, ticket: null, checkedInAt: local.at, gate: local.gate })
        setOfflineAnswer(true)
        setPending(gateFor.pending().length)
        setScans((n) => n + 1)
        setCode('')
      } else if (isApiError(err)) setError(err)
      else throw err
    } finally {
      setBusy(false)
      field.current?.focus()
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(code)
  }

  return (
    <Container size="xs" px="md" py="xl">
      <title>{`${t('checkin.title')} · Palco`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('checkin.title')}</Title>
          <MutedText>{t('checkin.lead')}</MutedText>
        </div>
        {events.length === 0 ? (
          <Text>{t('checkin.noEvents')}</Text>
        ) : (
          <Paper withBorder radius="md" p="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <NativeSelect
                  label={t('checkin.event')}
                  value={eventId}
                  onChange={(e) => setEventId(e.currentTarget.value)}
                  data={events.map((ev) => ({
                    value: ev.id,
                    label: `${ev.name} · ${formatDate(ev.startsAt, locale, ev.timeZone)} ${formatTime(ev.startsAt, locale, ev.timeZone)}`,
                  }))}
                  data-testid="checkin-event"
                />
                <TextInput
                  label={t('checkin.gate')}
                  value={gate}
                  onChange={(e) => setGate(e.currentTarget.value)}
                  maxLength={40}
                  data-testid="checkin-gate"
                />
                <TextInput
                  ref={field}
                  label={t('checkin.code')}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={400}
                  data-testid="checkin-code"
                />
                <Button type="submit" loading={busy} data-testid="checkin-submit">
                  {t('checkin.submit')}
                </Button>
                <CameraScanner onCode={(c) => void send(c)} />
                <Button variant="default" onClick={() => void prepareOffline()} data-testid="checkin-offline">
                  {t('checkin.offlinePrepare')}
                </Button>
                {gateFor && (
                  <Text size="sm" role="status">
                    {t('checkin.offlineReady', { count: gateFor.size })}{' '}
                    {pending > 0 && t('checkin.offlinePending', { count: pending })}
                  </Text>
                )}
              </Stack>
            </form>
          </Paper>
        )}
        {events.length > 0 && (
          <DocumentCheckIn
            eventId={eventId}
            gate={gate}
            onAnswer={(answer) => {
              setError(null)
              setResult(answer)
              setOfflineAnswer(false)
              setScans((n) => n + 1)
            }}
            onError={setError}
          />
        )}
        <ApiErrorAlert error={error} />
        {result && offlineAnswer && (
          <Text size="sm" data-testid="checkin-offline-note">
            {t('checkin.offlineResult')}
          </Text>
        )}
        {result && (
          <CheckInResult
            result={result}
            scan={scans}
            locale={locale}
            timeZone={event?.timeZone ?? 'America/Bogota'}
          />
        )}
      </Stack>
    </Container>
  )
}
