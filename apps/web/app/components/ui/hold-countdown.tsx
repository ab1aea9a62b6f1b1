import { Alert, Group, Text, VisuallyHidden } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Actor, wordingOf } from '../../lib/actor'
import {
  announcementBetween,
  type CountdownAnnouncement,
  formatCountdown,
  remainingMs,
} from '../../lib/seat-map/model/countdown'

export interface HoldCountdownProps {
  /** When the hold ends (ISO 8601). */
  expiresAt: string
  /** The clock, in epoch milliseconds; injectable so tests and server-synchronised clocks can drive it. */
  now?: () => number
  /** Called once when the time is up; the page releases the seats and tells the fan. */
  onExpired: () => void
  /** Who is completing the purchase: the fan, or the operator selling at the counter (words only). */
  actor?: Actor
}

/**
 * mm:ss left on the fan's hold. The visible timer is not live (a screen reader reading every second is
 * noise); it speaks at 5 minutes, 1 minute and at zero. Rendered as "--:--" on the server so the first
 * client render matches it, then ticks on each whole second.
 */
export function HoldCountdown({ expiresAt, now = Date.now, onExpired, actor }: HoldCountdownProps) {
  const { t } = useTranslation('seatmap')
  const context = wordingOf(actor)
  const [spoken, setSpoken] = useState<CountdownAnnouncement | null>(null)
  return (
    <div>
      <Group gap="xs" align="baseline">
        <Text size="sm">{t('countdown.label', { context })}</Text>
        <TickingTime
          expiresAt={expiresAt}
          now={now}
          onExpired={onExpired}
          onAnnounce={setSpoken}
          actor={actor}
        />
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {spoken === 'fiveMinutes' || spoken === 'oneMinute' ? t(`countdown.${spoken}`, { context }) : ''}
      </VisuallyHidden>
      {spoken === 'expired' && (
        <Alert color="red" role="alert" mt="xs">
          {t('countdown.expired', { context })}
        </Alert>
      )}
    </div>
  )
}

/**
 * The ticking part alone, and without React: each second writes the time into this one element (its text and
 * spoken label), and React draws it again only when its colour changes, twice in a hold. On a page a person
 * types into, the participants' forms, a tick that went through React cost frames on a slowed phone (issue 17).
 * A render for any other reason draws the last time written, so React and the page agree.
 */
function TickingTime({
  expiresAt,
  now,
  onExpired,
  onAnnounce,
  actor,
}: Required<Omit<HoldCountdownProps, 'actor'>> &
  Pick<HoldCountdownProps, 'actor'> & { onAnnounce: (what: CountdownAnnouncement | null) => void }) {
  const { t } = useTranslation('seatmap')
  const context = wordingOf(actor)
  const element = useRef<HTMLParagraphElement>(null)
  const shown = useRef<string | null>(null)
  const [level, setLevel] = useState<'calm' | 'warning' | 'urgent'>('calm')
  const latest = useRef({ now, onExpired, onAnnounce, t, context })
  latest.current = { now, onExpired, onAnnounce, t, context }

  useEffect(() => {
    let before = remainingMs(expiresAt, latest.current.now())
    let expired = false
    let timer = 0
    latest.current.onAnnounce(null)
    const tick = () => {
      const ms = remainingMs(expiresAt, latest.current.now())
      const time = formatCountdown(ms)
      shown.current = time
      const el = element.current
      if (el) {
        el.textContent = time
        el.setAttribute(
          'aria-label',
          latest.current.t('countdown.remaining', { time, context: latest.current.context }),
        )
      }
      setLevel(ms <= 60_000 ? 'urgent' : ms <= 5 * 60_000 ? 'warning' : 'calm')
      const what = announcementBetween(before, ms)
      if (what) latest.current.onAnnounce(what)
      before = ms
      if (ms <= 0) {
        if (!expired) {
          expired = true
          latest.current.onExpired()
        }
        return
      }
      // Wake just after the displayed second changes (seconds are rounded up).
      timer = window.setTimeout(tick, (ms % 1000 || 1000) + 5)
    }
    // A hold that was already over when shown still expires (and says so) once.
    if (before <= 0) before = 1
    tick()
    // Background tabs throttle timers; coming back must show the true time (or the expiry) at once.
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || expired) return
      window.clearTimeout(timer)
      tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [expiresAt])

  const time = shown.current
  return (
    <Text
      ref={element}
      role="timer"
      aria-label={
        time === null ? t('countdown.label', { context }) : t('countdown.remaining', { time, context })
      }
      fw={700}
      size="lg"
      ff="monospace"
      c={level === 'urgent' ? 'red.8' : level === 'warning' ? 'orange.9' : undefined}
    >
      {time ?? '--:--'}
    </Text>
  )
}
