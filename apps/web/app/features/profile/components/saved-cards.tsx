import { Alert, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core'
import type { SavedCard } from '@palco/domain/checkout/contract'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { cardBrandName } from '../../../lib/card-brand'
import { removeSavedCard } from '../api/saved-cards'

/**
 * The fan's saved cards (issue 16), each with its brand, last four digits and the day it was saved, and a
 * way to remove it: a dialog asks first (naming the card), then the card is forgotten and the list read
 * again. Null when the cards could not be read: the profile still opens, and says so.
 */
export function SavedCards(props: {
  cards: SavedCard[] | null
  locale: Locale
  /** Reads the cards again (the page's loader) once one is removed. */
  onRemoved: () => Promise<void>
}) {
  const { t } = useTranslation('auth')
  const [asking, setAsking] = useState<SavedCard | null>(null)
  const [removing, setRemoving] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [removed, setRemoved] = useState<SavedCard | null>(null)
  const notice = useRef<HTMLDivElement>(null)
  // The removed card's button is gone with it: focus goes to the sentence that says it was removed.
  useEffect(() => {
    if (removed) notice.current?.focus()
  }, [removed])

  if (!props.cards) return <Text>{t('profile.cardsUnavailable')}</Text>
  const { cards, locale } = props

  const close = () => {
    if (removing) return
    setAsking(null)
    setError(null)
  }
  const remove = async (card: SavedCard) => {
    setRemoving(true)
    setError(null)
    try {
      await removeSavedCard(card.id)
      await props.onRemoved()
      setAsking(null)
      setRemoved(card)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setRemoving(false)
    }
  }

  return (
    <Stack gap="sm">
      <MutedText>{t('profile.cardsLead')}</MutedText>
      {removed && (
        <Alert
          ref={notice}
          tabIndex={-1}
          color="teal"
          variant="light"
          role="status"
          data-testid="saved-card-removed"
        >
          {t('profile.cardRemoved', { brand: cardBrandName(removed.brand), last4: removed.last4 })}
        </Alert>
      )}
      {cards.length === 0 ? (
        <Text data-testid="saved-cards-empty">{t('profile.cardsEmpty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {cards.map((card) => (
            <Group
              component="li"
              key={card.id}
              justify="space-between"
              align="center"
              wrap="wrap"
              gap="sm"
              data-testid="saved-card"
            >
              <div>
                <Text fw={600}>
                  {cardBrandName(card.brand)} <span aria-hidden="true">•••• {card.last4}</span>{' '}
                  <VisuallyHidden>{t('profile.cardEnding', { last4: card.last4 })}</VisuallyHidden>
                </Text>
                <Text size="sm">{t('profile.cardSaved', { date: formatDate(card.createdAt, locale) })}</Text>
              </div>
              <Button
                variant="outline"
                color="red"
                onClick={() => {
                  setError(null)
                  setAsking(card)
                }}
                aria-label={t('profile.cardRemoveLabel', {
                  brand: cardBrandName(card.brand),
                  last4: card.last4,
                })}
                data-testid="saved-card-remove"
              >
                {t('profile.cardRemove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={asking !== null}
        onClose={close}
        title={t('profile.cardRemoveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {asking && (
          <Stack gap="md" data-testid="saved-card-confirm">
            <Text>
              {t('profile.cardRemoveBody', { brand: cardBrandName(asking.brand), last4: asking.last4 })}
            </Text>
            <ApiErrorAlert error={error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={removing} data-autofocus>
                {t('profile.cancel')}
              </Button>
              {/* red.9: white on the default filled red (red.8) is too close to AA (as the account's deletion). */}
              <Button
                color="red.9"
                loading={removing}
                onClick={() => void remove(asking)}
                data-testid="saved-card-remove-confirm"
              >
                {t('profile.cardRemoveConfirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
