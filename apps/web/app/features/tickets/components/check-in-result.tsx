import { Alert, Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { CheckInResponse } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { locationText } from '../model/location-text'

// Dark shades: white text on them meets WCAG AA (4.5:1).
const COLOR = {
  VALID: 'teal.9',
  ALREADY_USED: 'red.9',
  INVALID: 'red.9',
  EXPIRED: 'grape.9',
  WRONG_EVENT: 'red.9',
  // A paguitos ticket whose plan is still being paid (issue 16): not a fake, but not to be let in yet.
  NOT_PAID: 'red.9',
  // Issue 16 part 5: the event will not take place and the ticket was refunded.
  EVENT_CANCELLED: 'red.9',
} as const

/** The gate's answer, big and unambiguous, announced to screen readers. */
export function CheckInResult(props: {
  result: CheckInResponse
  scan: number
  locale: Locale
  timeZone: string
}) {
  const { t } = useTranslation('tickets')
  const r = props.result
  const at = r.checkedInAt
  return (
    <Alert
      color={COLOR[r.result]}
      variant="filled"
      role="status"
      aria-live="assertive"
      data-testid="checkin-result"
      data-result={r.result}
      data-scan={props.scan}
      title={t(`checkin.results.${r.result}`)}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {r.ticket && (
        <Text size="sm">
          {t('checkin.place', { place: locationText(r.ticket.location, (k) => t(`location.${k}`)) })}
        </Text>
      )}
      {r.ticket?.holderName && <Text size="sm">{t('checkin.holder', { name: r.ticket.holderName })}</Text>}
      {at && r.result === 'VALID' && (
        <Text size="sm">
          {t('checkin.admittedAt', { time: formatTime(at, props.locale, props.timeZone), gate: r.gate })}
        </Text>
      )}
      {at && r.result === 'ALREADY_USED' && (
        <Text size="sm">
          {t('checkin.usedAt', {
            date: formatDate(at, props.locale, props.timeZone),
            time: formatTime(at, props.locale, props.timeZone),
            gate: r.gate,
          })}
        </Text>
      )}
    </Alert>
  )
}
