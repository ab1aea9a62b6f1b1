import { Button, Stack, Text, TextInput } from '@mantine/core'
import { defaultReservationDeadline, reservationDeadlineOk } from '@palco/domain/box-office/tenders'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { instantOfVenueField, venueFieldValue } from '../model/venue-clock'

/**
 * Seats kept for a buyer who pays at a box office later (issue 15 part 3, RESERVATION): the operator picks
 * until when, within the bounds the server applies (`reservationDeadlineOk`), checked here first for a
 * clear message on the field. The deadline is typed and shown on the venue's clock (`timeZone`), not the
 * browser's.
 */
export function ReserveForm(props: {
  eventStartsAt: string
  /** The venue's IANA zone (the event's). */
  timeZone: string
  busy: boolean
  disabled: boolean
  onSubmit: (until: string) => void
}) {
  const { t } = useTranslation(['boxoffice', 'errors'])
  const starts = new Date(props.eventStartsAt)
  const [until, setUntil] = useState(() =>
    venueFieldValue(defaultReservationDeadline(new Date(), starts), props.timeZone),
  )
  const [invalid, setInvalid] = useState(false)

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const chosen = instantOfVenueField(until, props.timeZone)
    const ok = chosen !== undefined && reservationDeadlineOk(chosen, new Date(), starts)
    setInvalid(!ok)
    if (chosen && ok) props.onSubmit(chosen.toISOString())
  }

  return (
    <form onSubmit={submit} noValidate data-testid="reserve">
      <Stack gap="sm">
        <Text size="sm">{t('reserve.lead')}</Text>
        <TextInput
          type="datetime-local"
          label={t('reserve.until')}
          description={t('reserve.untilHint', { zone: props.timeZone })}
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          error={invalid ? t('errors:codes.RESERVATION_DEADLINE_INVALID') : undefined}
          required
          maw={280}
          data-testid="reserve-until"
        />
        <Button type="submit" variant="light" loading={props.busy} disabled={props.disabled} w="fit-content">
          {t('reserve.submit')}
        </Button>
      </Stack>
    </form>
  )
}
