import { Progress, Stack, Text } from '@mantine/core'
import type { EventRefundProgress } from '@palco/domain/catalog/event-cancellation'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { refundProgress } from '../api/refund-progress'

/** How often the back office asks again while refunds are still being made. */
const REFRESH_MS = 3000

/**
 * A cancelled event's refunds, made by a job in batches after the cancellation answers (issue 42 part 3):
 * "3 of 10 refunds made" with a bar, asked again every few seconds until every refund is made. The sentence
 * is the figure; the bar only repeats it, so it is hidden from assistive technology.
 */
export function RefundProgress({ eventId }: { eventId: string }) {
  const { t } = useTranslation('eventrefunds')
  const [progress, setProgress] = useState<EventRefundProgress | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async () => {
      try {
        const p = await refundProgress(eventId, abort.signal)
        setProgress(p)
        setFailed(false)
        if (p.refunded < p.total) timer = setTimeout(read, REFRESH_MS)
      } catch {
        if (abort.signal.aborted) return
        setFailed(true)
        timer = setTimeout(read, REFRESH_MS * 2)
      }
    }
    void read()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [eventId])

  if (failed && !progress)
    return (
      <Text size="sm" data-testid="refund-progress">
        {t('loadFailed')}
      </Text>
    )
  if (!progress) return null
  const { refunded, total } = progress
  const finished = refunded >= total
  return (
    <Stack gap={4} data-testid="refund-progress" data-finished={finished}>
      <Text size="sm">
        {total === 0
          ? t('none')
          : `${t('progress', { refunded, total })} · ${t(finished ? 'finished' : 'working')}`}
      </Text>
      {total > 0 && (
        <Progress
          value={(100 * refunded) / total}
          color={finished ? 'teal' : 'blue'}
          size="sm"
          aria-hidden
          animated={!finished}
        />
      )}
    </Stack>
  )
}
