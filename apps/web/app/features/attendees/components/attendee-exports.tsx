import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core'
import { formatDate, formatNumber, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import {
  ATTENDEE_EXPORT_FORMATS,
  type AttendeeExportFormat,
  type AttendeeExportView,
} from '@palco/domain/reports/attendees'
import { type MouseEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { attendeeFilePath } from '../api/attendee-file'
import { getAttendeeExport } from '../api/export-state'
import { requestAttendeeExport } from '../api/request-export'
import { exportModeOf, isUnderway, linkStale, progressPercent, withExport } from '../model/attendee-view'

/** How often the page asks again while an export is being written. */
const POLL_MS = 2000

/**
 * Exporting an event's attendees (issue 43 part 4). A small event's CSV or XLSX downloads at once (plain links,
 * streamed by the server); a big one's export is a job: the button asks for it, the page follows its progress
 * and, once the file is ready, offers a link that works for an hour (an older link is renewed on click).
 */
export function AttendeeExports(props: {
  eventId: string
  tickets: number
  directMax: number
  exports: AttendeeExportView[]
  timeZone: string
  locale: Locale
}) {
  const { t } = useTranslation('attendees')
  const [list, setList] = useState(props.exports)
  const [asking, setAsking] = useState<AttendeeExportFormat | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [failures, setFailures] = useState(0)
  const direct = exportModeOf(props.tickets, props.directMax) === 'direct'

  useEffect(() => {
    const underway = list.filter(isUnderway)
    if (underway.length === 0) return
    const abort = new AbortController()
    const timer = setTimeout(
      async () => {
        try {
          for (const x of underway) {
            const fresh = await getAttendeeExport(x.id, abort.signal)
            setList((l) => withExport(l, fresh))
          }
          setFailures(0)
        } catch (err) {
          if (abort.signal.aborted) return
          setError(asApiError(err))
          setFailures((n) => n + 1)
        }
        // After failed reads, ask less often.
      },
      POLL_MS * Math.min(1 + failures, 5),
    )
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [list, failures])

  const ask = async (format: AttendeeExportFormat) => {
    setAsking(format)
    setError(null)
    try {
      const x = await requestAttendeeExport(props.eventId, format)
      setList((l) => withExport(l, x))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setAsking(null)
    }
  }

  return (
    <TitledSection title={t('export.title')} testId="attendee-exports">
      <MutedText>
        {direct
          ? t('export.direct', { max: formatNumber(props.directMax, props.locale) })
          : t('export.job', { max: formatNumber(props.directMax, props.locale) })}
      </MutedText>
      <Group gap="sm" wrap="wrap">
        {ATTENDEE_EXPORT_FORMATS.map((format) =>
          direct ? (
            <Button
              key={format}
              component="a"
              href={attendeeFilePath(props.eventId, format)}
              download
              variant="light"
              data-testid={`attendee-export-${format}`}
            >
              {t(`export.${format}`)}
            </Button>
          ) : (
            <Button
              key={format}
              variant="light"
              loading={asking === format}
              disabled={asking !== null && asking !== format}
              onClick={() => void ask(format)}
              data-testid={`attendee-export-${format}`}
            >
              {t(`export.${format}`)}
            </Button>
          ),
        )}
      </Group>
      <ApiErrorAlert error={error} />
      {list.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          <Text fw={600}>{t('export.recent')}</Text>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((x) => (
              <ExportItem
                key={x.id}
                x={x}
                locale={props.locale}
                timeZone={props.timeZone}
                onRenewed={(fresh) => setList((l) => withExport(l, fresh))}
                onError={setError}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </TitledSection>
  )
}

function ExportItem(props: {
  x: AttendeeExportView
  locale: Locale
  timeZone: string
  onRenewed: (x: AttendeeExportView) => void
  onError: (e: ApiError) => void
}) {
  const { t } = useTranslation('attendees')
  const { x, locale, timeZone } = props
  const percent = progressPercent(x)
  const when = (iso: string) => ({
    date: formatDate(iso, locale, timeZone),
    time: formatTime(iso, locale, timeZone),
  })
  // A link older than its hour is renewed on click: asking for the export again signs a new one.
  const open = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (!linkStale(x, Date.now())) return
    e.preventDefault()
    try {
      const fresh = await getAttendeeExport(x.id)
      props.onRenewed(fresh)
      if (fresh.download) window.location.assign(fresh.download.url)
    } catch (err) {
      props.onError(asApiError(err))
    }
  }
  return (
    <Stack component="li" gap={4} data-testid="attendee-export" data-status={x.status}>
      <Text size="sm">
        {t('export.item', { format: x.format.toUpperCase(), ...when(x.createdAt) })} ·{' '}
        <strong>{t(`export.status.${x.status}`)}</strong>
        {isUnderway(x) && x.rowsTotal !== null
          ? ` · ${t('export.progress', {
              written: formatNumber(x.rowsWritten, locale),
              total: formatNumber(x.rowsTotal, locale),
            })}`
          : ''}
      </Text>
      {isUnderway(x) && <Progress value={percent ?? 0} size="sm" animated aria-hidden />}
      {x.status === 'READY' && x.download && (
        <Group gap="sm" wrap="wrap">
          <Anchor
            href={x.download.url}
            onClick={(e) => void open(e)}
            fw={600}
            data-testid="attendee-export-download"
          >
            {t('export.download', { format: x.format.toUpperCase() })}
          </Anchor>
          {x.fileExpiresAt && <MutedText>{t('export.fileUntil', when(x.fileExpiresAt))}</MutedText>}
        </Group>
      )}
    </Stack>
  )
}
