import { Group, NumberInput, Paper, Stack, Text } from '@mantine/core'
import type { BoxOfficeEvent } from '@palco/domain/box-office/contract'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { useCall } from '../../../lib/use-call'
import { saveCourtesyQuota } from '../api/box-office'
import { SaveRow } from './save-row'

/** The API's bound on a quota (courtesyQuotaBodySchema). */
const MAX_QUOTA = 100_000

/** One event's quota as a form: what was given and what is left, and the quota to change. */
function QuotaForm(props: { event: BoxOfficeEvent; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const [event, setEvent] = useState(props.event)
  const [quota, setQuota] = useState<string | number>(props.event.quota)
  const [invalid, setInvalid] = useState(false)
  const call = useCall()

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const value = typeof quota === 'number' ? quota : Number.NaN
    const wrong = !Number.isInteger(value) || value < 0 || value > MAX_QUOTA
    setInvalid(wrong)
    call.reset()
    if (wrong) return
    void call.run(async () => {
      const figures = await saveCourtesyQuota(event.eventId, value)
      setEvent((ev) => ({ ...ev, ...figures }))
    })
  }

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="sm"
      onSubmit={submit}
      noValidate
      aria-label={event.name}
      data-testid="courtesy-quota"
      data-event={event.eventId}
    >
      <Stack gap="xs">
        <div>
          <Text fw={600}>{event.name}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(event.startsAt, props.locale)} ·{' '}
            {t('backoffice.quotas.figures', { issued: event.issued, left: event.left })}
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('backoffice.quotas.quota')}
            value={quota}
            onChange={setQuota}
            min={0}
            max={MAX_QUOTA}
            allowDecimal={false}
            allowNegative={false}
            error={invalid ? t('backoffice.quotas.invalid', { max: MAX_QUOTA }) : undefined}
            w={160}
          />
          <SaveRow
            label={t('backoffice.reasons.save')}
            savedText={t('backoffice.reasons.saved')}
            busy={call.busy}
            saved={call.done}
          />
        </Group>
        <ApiErrorAlert error={call.error} />
      </Stack>
    </Paper>
  )
}

/** How many courtesies each upcoming event may give (issue 15 part 3); past it, only an admin gives one. */
export function CourtesyQuotasEditor(props: { events: BoxOfficeEvent[]; locale: Locale }) {
  return (
    <Stack gap="sm">
      {props.events.map((e) => (
        <QuotaForm key={e.eventId} event={e} locale={props.locale} />
      ))}
    </Stack>
  )
}
