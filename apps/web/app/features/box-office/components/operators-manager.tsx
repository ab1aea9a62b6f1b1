import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { BackofficeOperator, BoxOfficeEvent } from '@palco/domain/box-office/contract'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { isValidEmail } from '@palco/domain/validation/rules'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { assignOperatorEvents, grantOperator, revokeOperator } from '../api/box-office'
import { SaveRow } from './save-row'
import { useCall } from './use-call'

/**
 * An admin makes a person an operator by the email of the account they signed up and confirmed; the person
 * keeps their own password. No such account is said next to the field, with what to do about it.
 */
function GrantForm(props: { onGranted: (operator: BackofficeOperator) => void }) {
  const { t } = useTranslation('boxoffice')
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const call = useCall()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const typed = email.trim()
    const wellFormed = isValidEmail(typed)
    setInvalid(!wellFormed)
    call.reset()
    if (!wellFormed) return
    void call.run(async () => {
      props.onGranted(await grantOperator(typed))
      setEmail('')
    })
  }
  const noAccount = call.error?.code === 'AUTH0003'
  const fieldError = invalid
    ? t('backoffice.operators.emailInvalid')
    : noAccount
      ? t('backoffice.operators.noAccount')
      : undefined
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="sm"
      onSubmit={submit}
      noValidate
      data-testid="grant-operator"
    >
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('backoffice.operators.email')}
            description={t('backoffice.operators.emailHint')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
            required
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" loading={call.busy}>
            {t('backoffice.operators.add')}
          </Button>
        </Group>
        {call.done && (
          <Text size="sm" role="status">
            {t('backoffice.operators.added')}
          </Text>
        )}
        <ApiErrorAlert error={noAccount ? null : call.error} />
      </Stack>
    </Paper>
  )
}

/**
 * Which events the operator sells: every event of the country, or only those ticked. Events of the other
 * country (not listed on this site) stay assigned as they were.
 */
function EventsForm(props: {
  operator: BackofficeOperator
  events: BoxOfficeEvent[]
  locale: Locale
  onSaved: (operator: BackofficeOperator) => void
}) {
  const { t } = useTranslation('boxoffice')
  const { operator, events } = props
  const listed = new Set(events.map((e) => e.eventId))
  const elsewhere = operator.eventIds.filter((id) => !listed.has(id))
  const [scope, setScope] = useState(operator.all ? 'all' : 'some')
  const [chosen, setChosen] = useState(operator.eventIds.filter((id) => listed.has(id)))
  const [empty, setEmpty] = useState(false)
  const call = useCall()
  const legendId = useId()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const none = scope === 'some' && chosen.length === 0
    setEmpty(none)
    call.reset()
    if (none) return
    void call.run(async () => {
      const saved = await assignOperatorEvents(
        operator.userId,
        scope === 'all' ? [] : [...elsewhere, ...chosen],
      )
      props.onSaved({ ...operator, ...saved })
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby={legendId}>
      <Stack gap="xs">
        <Radio.Group
          value={scope}
          onChange={setScope}
          label={<span id={legendId}>{t('backoffice.operators.sells', { name: operator.name })}</span>}
        >
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('backoffice.operators.allEvents')} />
            <Radio value="some" label={t('backoffice.operators.someEvents')} />
          </Stack>
        </Radio.Group>
        {scope === 'some' && (
          <Checkbox.Group
            value={chosen}
            onChange={setChosen}
            label={t('backoffice.operators.events')}
            error={empty ? t('backoffice.operators.chooseOne') : undefined}
          >
            <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
              <Stack gap={6} mt={6}>
                {events.map((ev) => (
                  <Checkbox
                    key={ev.eventId}
                    value={ev.eventId}
                    label={`${ev.name} · ${formatDate(ev.startsAt, props.locale)}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
        <SaveRow
          label={t('backoffice.operators.saveEvents')}
          savedText={t('backoffice.reasons.saved')}
          busy={call.busy}
          saved={call.done}
        />
        <ApiErrorAlert error={call.error} />
      </Stack>
    </form>
  )
}

/** Taking the box office away asks once more; an open shift refuses it with the reason. */
function RevokeButton(props: { operator: BackofficeOperator; onRevoked: () => void }) {
  const { t } = useTranslation('boxoffice')
  const [asking, setAsking] = useState(false)
  const call = useCall()
  const revoke = () =>
    void call.run(async () => {
      await revokeOperator(props.operator.userId)
      props.onRevoked()
    })
  return (
    <Stack gap="xs">
      {asking ? (
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{t('backoffice.operators.confirmRemove', { name: props.operator.name })}</Text>
          <Button color="red" size="xs" onClick={revoke} loading={call.busy}>
            {t('backoffice.operators.remove')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setAsking(false)}>
            {t('backoffice.operators.keep')}
          </Button>
        </Group>
      ) : (
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)} w="fit-content">
          {t('backoffice.operators.removeAsk')}
        </Button>
      )}
      <ApiErrorAlert error={call.error} />
    </Stack>
  )
}

/**
 * The back office's operators (issue 15 part 7): make a confirmed account an operator, choose the events
 * each sells, and take the box office away from one whose shift is closed.
 */
export function OperatorsManager(props: {
  operators: BackofficeOperator[]
  events: BoxOfficeEvent[]
  locale: Locale
}) {
  const { t } = useTranslation('boxoffice')
  const [operators, setOperators] = useState(props.operators)
  const put = (operator: BackofficeOperator) =>
    setOperators((list) =>
      list.some((o) => o.userId === operator.userId)
        ? list.map((o) => (o.userId === operator.userId ? operator : o))
        : [...list, operator],
    )
  return (
    <Stack gap="md">
      <GrantForm onGranted={put} />
      {operators.length === 0 && <MutedText>{t('backoffice.operators.none')}</MutedText>}
      {operators.map((o) => (
        <Paper key={o.userId} withBorder radius="md" p="sm" data-testid="operator" data-email={o.email}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Title order={3} size="h4">
                  {o.name}
                </Title>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {o.email}
                </Text>
              </div>
              {o.shiftOpen && <Badge color="teal.9">{t('backoffice.operators.shiftOpen')}</Badge>}
            </Group>
            <EventsForm operator={o} events={props.events} locale={props.locale} onSaved={put} />
            <RevokeButton
              operator={o}
              onRevoked={() => setOperators((list) => list.filter((x) => x.userId !== o.userId))}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
