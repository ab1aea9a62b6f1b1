import { Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveParticipants } from '../api/inscription-form'
import type { ParticipantsStore } from '../model/participants-store'

/** How long typing rests before the answers are saved (a reload or a failed payment then loses nothing). */
const SAVE_AFTER_MS = 800

/**
 * Saves the participants' answers as a draft a moment after typing stops, and says so. Mounted with the form:
 * once the hold has expired (the form gone) nothing more is saved. Its own state: saying "saved" does not
 * redraw the page.
 */
export function DraftState(props: { store: ParticipantsStore; reservationId: string }) {
  const { t } = useTranslation('checkout')
  const { store, reservationId } = props
  const [saved, setSaved] = useState<'idle' | 'saving' | 'saved'>('idle')
  useEffect(() => {
    let answers = store.answers()
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = store.onAnswers(() => {
      answers = store.answers()
      setSaved('idle')
      clearTimeout(timer)
      timer = setTimeout(() => {
        const sent = answers
        setSaved('saving')
        saveParticipants({ reservationId, participants: [...sent], submit: false })
          // Typing since the draft was sent makes it stale: not "saved" until the next one is.
          .then(() => setSaved(store.answers() === sent ? 'saved' : 'idle'))
          .catch(() => setSaved('idle'))
      }, SAVE_AFTER_MS)
    })
    return () => {
      unsubscribe()
      clearTimeout(timer)
    }
  }, [store, reservationId])
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="draft-state">
      {saved === 'saving' ? t('participants.saving') : saved === 'saved' ? t('participants.saved') : ''}
    </Text>
  )
}
