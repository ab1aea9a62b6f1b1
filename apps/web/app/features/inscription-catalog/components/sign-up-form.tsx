import { Box, Button, Checkbox, NativeSelect, Radio, Stack, Text } from '@mantine/core'
import type { PriceZone } from '@palco/domain/catalog/event-detail'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { categoryAvailability, MAX_PARTICIPANTS } from '../model/categories'
import type { UnfinishedSignUp } from '../model/unfinished'
import { CategoryFacts } from './category-facts'

export interface SignUpChoice {
  zoneId: string
  participants: number
  /** Add to the fan's unfinished sign-up of the event instead of replacing it (only when asked). */
  add: boolean
}

/**
 * The categories to pick from and how many people to sign up. `onSignUp` holds the places (or sends a
 * visitor to log in first) and resolves once the page has moved on; a refusal is shown here.
 *
 * Before the page's script runs the form is a plain GET to this same page, which comes back with the
 * choice selected; the values are read from the form itself when it is sent, so a choice made before
 * hydration is the one held.
 */
export function SignUpForm(props: {
  slug: string
  zones: PriceZone[]
  locale: Locale
  initial: Omit<SignUpChoice, 'add'> | null
  /** The fan's held, unpaid sign-up of this event: a new choice replaces it unless they ask to add. */
  unfinished: UnfinishedSignUp | null
  onSignUp: (choice: SignUpChoice) => Promise<void>
}) {
  const { t } = useTranslation('inscriptions')
  const open = props.zones.filter((z) => categoryAvailability(z).state === 'open')
  const [zoneId, setZoneId] = useState(props.initial?.zoneId ?? open[0]?.id ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const chosen = props.zones.find((z) => z.id === zoneId)
  const availability = chosen ? categoryAvailability(chosen) : null
  // Without a choice yet (no script), every number any category allows; the page trims it on return.
  const max = availability?.state === 'open' ? availability.maxParticipants : MAX_PARTICIPANTS

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const picked = String(form.get('category') ?? '')
    if (!picked) return
    setBusy(true)
    setError(null)
    try {
      await props.onSignUp({
        zoneId: picked,
        participants: Number(form.get('participants')) || 1,
        add: props.unfinished !== null && form.get('add') === 'on',
      })
    } catch (err) {
      setError(asApiError(err))
      setBusy(false)
    }
  }

  return (
    <form
      method="get"
      action="/inscriptions/detail"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="sign-up-form"
    >
      <input type="hidden" name="event" value={props.slug} />
      <Stack gap="md">
        <ApiErrorAlert error={error}>
          {error?.code === 'MAX_PER_FAN_EXCEEDED' && chosen && (
            <span data-testid="per-person-limit">
              {t('detail.signUp.perPersonLimit', { count: chosen.perFanMax })}
            </span>
          )}
        </ApiErrorAlert>
        <Radio.Group
          name="category"
          label={t('detail.signUp.category')}
          value={zoneId}
          onChange={setZoneId}
          required
        >
          <Stack gap="sm" mt="xs">
            {props.zones.map((zone) => {
              const full = categoryAvailability(zone).state === 'full'
              return (
                <Box key={zone.id} data-testid="category-option">
                  <Radio
                    value={zone.id}
                    disabled={full}
                    label={zone.name}
                    description={<CategoryFacts zone={zone} locale={props.locale} />}
                  />
                </Box>
              )
            })}
          </Stack>
        </Radio.Group>
        <NativeSelect
          name="participants"
          label={t('detail.signUp.participants')}
          defaultValue={String(Math.min(props.initial?.participants ?? 1, max))}
          key={`${zoneId}-${max}`}
          data={Array.from({ length: max }, (_, i) => String(i + 1))}
          w={{ base: '100%', xs: 200 }}
        />
        {props.unfinished && (
          <Checkbox
            name="add"
            label={t('detail.signUp.add', { count: props.unfinished.count })}
            description={t('detail.signUp.replaceNote')}
            data-testid="sign-up-add"
          />
        )}
        <Text size="sm">{t('detail.signUp.holdNote')}</Text>
        <Button type="submit" size="md" loading={busy} disabled={!zoneId} data-testid="sign-up">
          {t('detail.signUp.submit')}
        </Button>
      </Stack>
    </form>
  )
}
