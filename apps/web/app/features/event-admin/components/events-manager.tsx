import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import {
  type AdminEventRow,
  CANCELLATION_REASON_MAX,
  CANCELLATION_REASON_MIN,
  type EventCancellationResult,
  isEventCancellable,
} from '@palco/domain/catalog/event-cancellation'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { EventStatusBadge } from '../../../components/ui/event-status-badge'
import { MutedText } from '../../../components/ui/muted-text'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { cancelEvent } from '../api/events'
import { RefundProgress } from './refund-progress'

/**
 * The back office's events (issue 16 part 5): the site's events with their date and status, and a way to
 * cancel one — a dialog asks for the reason the buyers will read and for confirmation, then says what the
 * cancellation did (orders refunded, plans refunded, pending ones cancelled). A list, not a table, so it
 * reads at 375 px; every action is a button reachable by keyboard.
 */
export function EventsManager(props: {
  events: AdminEventRow[]
  locale: Locale
  /** Reads the list again (the page's loader) once an event is cancelled. */
  onChanged: () => Promise<void>
  /** More of an event's actions, composed by the page (its waiting room: issue 42). */
  actions?: (event: AdminEventRow) => ReactNode
}) {
  const { t } = useTranslation('catalog')
  const { locale } = props
  const [asking, setAsking] = useState<AdminEventRow | null>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [done, setDone] = useState<{ name: string; result: EventCancellationResult } | null>(null)
  const notice = useRef<HTMLDivElement>(null)
  // The cancelled event's button is gone: focus goes to the sentence that says what happened.
  useEffect(() => {
    if (done) notice.current?.focus()
  }, [done])

  const close = () => {
    if (sending) return
    setAsking(null)
    setError(null)
    setReasonError(null)
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!asking) return
    const trimmed = reason.trim()
    if (trimmed.length < CANCELLATION_REASON_MIN) {
      setReasonError(t('eventAdmin.reasonTooShort'))
      return
    }
    setSending(true)
    setError(null)
    try {
      const result = await cancelEvent(asking.id, trimmed)
      await props.onChanged()
      setDone({ name: asking.name, result })
      setAsking(null)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setSending(false)
    }
  }

  return (
    <Stack gap="md">
      {done && (
        <Alert
          ref={notice}
          tabIndex={-1}
          color={done.result.alreadyCancelled ? 'gray' : 'teal'}
          variant="light"
          role="status"
          data-testid="event-cancelled"
        >
          {/* The title in the text's own colour: an alert's tinted title is too light on its tint (WCAG AA). */}
          <Text fw={700}>
            {t(done.result.alreadyCancelled ? 'eventAdmin.already' : 'eventAdmin.done', { name: done.name })}
          </Text>
          {!done.result.alreadyCancelled && (
            <Text size="sm">
              {t('eventAdmin.summary', {
                refunded: done.result.refundedOrders,
                plans: done.result.refundedPlans,
                cancelled: done.result.cancelledOrders,
                holds: done.result.releasedHolds,
              })}
            </Text>
          )}
        </Alert>
      )}
      {props.events.length === 0 ? (
        <MutedText>{t('eventAdmin.empty')}</MutedText>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('eventAdmin.listLabel')}
        >
          {props.events.map((event) => (
            <Group
              component="li"
              key={event.id}
              justify="space-between"
              align="center"
              wrap="wrap"
              gap="sm"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="admin-event"
              data-status={event.status}
            >
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {event.name}
                </Text>
                <Text size="sm">
                  {t('eventAdmin.when', {
                    date: formatDate(event.startsAt, locale, event.timeZone),
                    time: formatTime(event.startsAt, locale, event.timeZone),
                  })}{' '}
                  · {event.venueName}
                </Text>
                {event.status === 'CANCELLED' && <RefundProgress eventId={event.id} />}
              </Stack>
              <Group gap="sm" wrap="wrap">
                {props.actions?.(event)}
                <EventStatusBadge
                  status={event.status}
                  label={t(`eventAdmin.status.${event.status}`)}
                  size="lg"
                />
                {isEventCancellable(event.status) && (
                  <Button
                    variant="outline"
                    color="red"
                    onClick={() => {
                      setError(null)
                      setReasonError(null)
                      setReason('')
                      setAsking(event)
                    }}
                    aria-label={t('eventAdmin.cancelLabel', { name: event.name })}
                    data-testid="admin-event-cancel"
                  >
                    {t('eventAdmin.cancel')}
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={asking !== null}
        onClose={close}
        title={asking ? t('eventAdmin.confirmTitle', { name: asking.name }) : ''}
        centered
        closeButtonProps={{ 'aria-label': t('auth:dialog.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {asking && (
          <form onSubmit={submit} noValidate data-testid="admin-event-cancel-form">
            <Stack gap="md">
              <Text>{t('eventAdmin.confirmBody')}</Text>
              <Textarea
                label={t('eventAdmin.reason')}
                description={t('eventAdmin.reasonHint')}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value)
                  setReasonError(null)
                }}
                error={reasonError}
                maxLength={CANCELLATION_REASON_MAX}
                minRows={3}
                autosize
                required
                data-autofocus
                data-testid="admin-event-cancel-reason"
              />
              <ApiErrorAlert error={error} />
              <Group justify="flex-end" gap="sm" wrap="wrap">
                <Button variant="default" onClick={close} disabled={sending}>
                  {t('eventAdmin.keep')}
                </Button>
                <Button type="submit" color="red" loading={sending} data-testid="admin-event-cancel-confirm">
                  {t('eventAdmin.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  )
}
