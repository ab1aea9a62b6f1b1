import { Paper, Stack, Text, Title } from '@mantine/core'
import type { FieldDefinition, FormDefinition } from '@palco/domain/forms/form-definition'
import type { InscriptionFormView } from '@palco/domain/inscriptions/contract'
import { memo, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ParticipantsStore, useStoreValue } from '../model/participants-store'
import { takeTypedFieldEvents } from '../model/typed-fields'
import { DynamicField, keepsItsOwnValue } from './dynamic-field'
import classes from './participant-form.module.css'

/** "18 or older", "12 or younger", "from 14 to 17": a category's age rule as a person reads it. */
export function useAgeRuleText() {
  const { t } = useTranslation('checkout')
  return (rule: InscriptionFormView['participants'][number]['ageRule']) => {
    if (!rule) return null
    if (rule.minAge !== null && rule.maxAge !== null)
      return t('participants.ageBetween', { min: rule.minAge, max: rule.maxAge })
    if (rule.minAge !== null) return t('participants.ageFrom', { min: rule.minAge })
    if (rule.maxAge !== null) return t('participants.ageUpTo', { max: rule.maxAge })
    return null
  }
}

/**
 * One participant's form: a section named by their number and category, with the category's age rule, and
 * the fields shown for their answers (a field behind a condition appears when it holds). Each field reads its
 * own answer, problem and place from the store: typing redraws that field, and a condition the fields it
 * shows or hides, never this form (issue 17).
 */
export const ParticipantForm = memo(function ParticipantForm(props: {
  definition: FormDefinition
  participant: InscriptionFormView['participants'][number]
  count: number
  store: ParticipantsStore
  eventId: string
  disabled: boolean
}) {
  const { t } = useTranslation('checkout')
  const ageText = useAgeRuleText()
  const { participant, definition, store } = props
  const headingId = `participant-${participant.seq}-heading`
  const rule = ageText(participant.ageRule)
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    if (section.current) return takeTypedFieldEvents(window, section.current, store)
  }, [store])
  return (
    <Paper
      ref={section}
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="participant-form"
      // The typed-into fields tell their own (model/typed-fields.ts); this hears the lists, radios and files.
      onBlur={(e) => store.leave((e.target as HTMLElement).id)}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {t('participants.heading', {
              n: participant.seq + 1,
              count: props.count,
              zone: participant.zoneName,
            })}
          </Title>
          {rule && (
            <Text size="sm" c="dimmed">
              {rule}
            </Text>
          )}
        </Stack>
        {definition.fields.map((field) => (
          <FieldSlot key={field.name} name={field.name} seq={participant.seq} store={store}>
            <ParticipantField
              field={field}
              seq={participant.seq}
              store={store}
              eventId={props.eventId}
              disabled={props.disabled}
            />
          </FieldSlot>
        ))}
      </Stack>
    </Paper>
  )
})

/**
 * Where a field stands in its participant's form. Every field is drawn, those a condition hides hidden:
 * ticking the box that shows them flips an attribute instead of building their inputs while the person
 * waits, and each place hears for itself whether its field is shown, so that only the fields that appear or
 * go are drawn again, not the form around them (issue 17).
 */
const FieldSlot = memo(function FieldSlot(props: {
  name: string
  seq: number
  store: ParticipantsStore
  children: ReactNode
}) {
  const { name, seq, store } = props
  const shown = useStoreValue(store, { shownOf: seq }, () =>
    `\n${store.shownOf(seq)}\n`.includes(`\n${name}\n`),
  )
  return (
    <div hidden={!shown} className={classes.field}>
      {props.children}
    </div>
  )
})

/** A field of a participant's form, drawn again when its own answer or problem changes. */
const ParticipantField = memo(function ParticipantField(props: {
  field: FieldDefinition
  seq: number
  store: ParticipantsStore
  eventId: string
  disabled: boolean
}) {
  const { field, seq, store } = props
  const topic = { seq, field: field.name }
  // A typed-into input keeps its own text, a box its tick: each is given its answer once, and typing or
  // ticking draws nothing.
  const [start] = useState(() => store.valueOf(seq, field.name))
  const value = useStoreValue(store, topic, () =>
    keepsItsOwnValue(field.type) ? start : store.valueOf(seq, field.name),
  )
  const error = useStoreValue(store, topic, () => store.problemOf(seq, field.name))
  return (
    <DynamicField
      field={field}
      seq={seq}
      value={value}
      error={error}
      eventId={props.eventId}
      disabled={props.disabled}
      onAnswer={store.answer}
    />
  )
})
