import { Badge, Checkbox, Group, Paper, Radio, ScrollArea, Stack, Text, Title } from '@mantine/core'
import type { BackofficeOperator, BoxOfficeEvent } from '@palco/domain/box-office/contract'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountEmailForm } from '../../../components/ui/account-email-form'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { AskFirstButton } from '../../../components/ui/ask-first-button'
import { MutedText } from '../../../components/ui/muted-text'
import { useCall } from '../../../lib/use-call'
import { assignOperatorEvents, grantOperator, revokeOperator } from '../api/box-office'
import { SaveRow } from './save-row'

/**
 * An admin makes a person an operator by the email of the account they signed up and confirmed; the person
 * keeps their own password. No such account is said next to the field, with what to do about it.
 */
function GrantForm(props: { onGranted: (operator: BackofficeOperator) => void }) {
  const { t } = useTranslation('boxoffice')
  return (
    <AccountEmailForm
      texts={{
        email: t('backoffice.operators.email'),
        emailHint: t('backoffice.operators.emailHint'),
        emailInvalid: t('backoffice.operators.emailInvalid'),
        submit: t('backoffice.operators.add'),
        done: t('backoffice.operators.added'),
      }}
      fieldErrorOf={(code) => (code === 'AUTH0003' ? t('backoffice.operators.noAccount') : undefined)}
      onSubmit={async (email) => props.onGranted(await grantOperator(email))}
      data-testid="grant-operator"
    />
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
  return (
    <AskFirstButton
      ask={t('backoffice.operators.removeAsk')}
      question={t('backoffice.operators.confirmRemove', { name: props.operator.name })}
      confirm={t('backoffice.operators.remove')}
      keep={t('backoffice.operators.keep')}
      onConfirm={async () => {
        await revokeOperator(props.operator.userId)
        props.onRevoked()
      }}
    />
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
