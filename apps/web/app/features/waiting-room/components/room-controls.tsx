import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core'
import type { WaitingRoomAdmin } from '@palco/domain/waiting-room/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { adminRoom, pauseAdmission, saveAdminRoom, setAdmissionRate } from '../api/waiting-room'

/** `datetime-local` speaks the browser's wall clock; the API an instant. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}
const toIso = (local: string) => {
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? local : d.toISOString()
}
const numberOrNull = (v: string | number) => (v === '' ? null : Number(v))

/**
 * The back office's waiting room of one event (issue 42 part 1): on or off, opening, target and fixed
 * rate; pause and resume; what it is doing now. A button opening a dialog, so the events list stays a list.
 */
export function RoomControls({ eventId, name }: { eventId: string; name: string }) {
  const { t } = useTranslation('waitingroom')
  const [room, setRoom] = useState<WaitingRoomAdmin | null>(null)
  const [opened, setOpened] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const open = async () => {
    setOpened(true)
    setError(null)
    try {
      setRoom(await adminRoom(eventId))
    } catch (err) {
      setError(asApiError(err))
    }
  }
  return (
    <>
      <Button
        variant="default"
        onClick={() => void open()}
        aria-label={t('admin.openLabel', { name })}
        data-testid="admin-waiting-room"
      >
        {t('admin.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('admin.title', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('admin.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <ApiErrorAlert error={room ? null : error} />
        {room && <RoomForm room={room} onChange={setRoom} />}
      </Modal>
    </>
  )
}

function RoomForm({ room, onChange }: { room: WaitingRoomAdmin; onChange: (r: WaitingRoomAdmin) => void }) {
  const { t, i18n } = useTranslation('waitingroom')
  const [enabled, setEnabled] = useState(room.enabled)
  const [opensAt, setOpensAt] = useState(toLocalInput(room.opensAt))
  const [target, setTarget] = useState<string | number>(room.targetCheckouts)
  const [rate, setRate] = useState<string | number>(room.manualRatePerMinute ?? '')
  const [error, setError] = useState<ApiError | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const fieldError = (field: string) => {
    const key = error?.fields[field]
    if (!key) return null
    return i18n.exists(`waitingroom:fields.${key}`) ? t(`fields.${key}`) : t('fields.mustBePositive')
  }
  const run = async (call: () => Promise<WaitingRoomAdmin>, savedNote = false) => {
    setBusy(true)
    setError(null)
    setSaved(false)
    try {
      onChange(await call())
      setSaved(savedNote)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault()
    const body = {
      enabled,
      opensAt: toIso(opensAt),
      targetCheckouts: Number(target),
      ratePerMinute: numberOrNull(rate),
    }
    void run(() => saveAdminRoom(room.eventId, body), true)
  }
  const paused = room.adminPaused
  return (
    <form onSubmit={save} noValidate data-testid="waiting-room-form">
      <Stack gap="md">
        <RoomState room={room} />
        <Switch
          label={t('admin.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-testid="room-enabled"
        />
        <TextInput
          type="datetime-local"
          label={t('admin.opensAt')}
          description={t('admin.opensAtHint')}
          value={opensAt}
          onChange={(e) => setOpensAt(e.currentTarget.value)}
          error={fieldError('opensAt')}
          required
        />
        <NumberInput
          label={t('admin.target')}
          description={t('admin.targetHint')}
          value={target}
          onChange={setTarget}
          error={fieldError('targetCheckouts')}
          allowDecimal={false}
          required
          data-testid="room-target"
        />
        <NumberInput
          label={t('admin.rate')}
          description={t('admin.rateHint')}
          value={rate}
          onChange={setRate}
          error={fieldError('ratePerMinute')}
          allowDecimal={false}
          data-testid="room-rate"
        />
        <ApiErrorAlert error={error && Object.keys(error.fields).length === 0 ? error : null} />
        {saved && (
          <Alert color="teal" variant="light" role="status">
            {t('admin.saved')}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={busy} data-testid="room-save">
            {t('admin.save')}
          </Button>
          <Button
            variant="default"
            disabled={busy}
            onClick={() => void run(() => setAdmissionRate(room.eventId, numberOrNull(rate)))}
            data-testid="room-set-rate"
          >
            {t('admin.setRate')}
          </Button>
          <Button
            variant="default"
            disabled={busy || !room.enabled}
            onClick={() => void run(() => pauseAdmission(room.eventId, !paused))}
            data-testid={paused ? 'room-resume' : 'room-pause'}
          >
            {paused ? t('admin.resume') : t('admin.pause')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function RoomState({ room }: { room: WaitingRoomAdmin }) {
  const { t } = useTranslation('waitingroom')
  let state = t('admin.running')
  if (room.adminPaused) state = t('admin.pausedByAdmin')
  else if (room.healthPausedBecause) state = t('admin.pausedByHealth', { reason: room.healthPausedBecause })
  return (
    <Stack gap={2} role="status" data-testid="room-state" data-paused={room.adminPaused ? 'true' : 'false'}>
      {room.enabled && <Text fw={600}>{state}</Text>}
      <Text size="sm">
        {t('admin.figures', { waiting: room.waiting, admitted: room.admitted, rate: room.ratePerMinute })}
      </Text>
    </Stack>
  )
}
