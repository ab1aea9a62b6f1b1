import { Paper, Stack, Text, Title } from '@mantine/core'
import { visibleFields } from '@palco/domain/forms/form-answers'
import type { FormDefinition } from '@palco/domain/forms/form-definition'
import type { InscriptionFormView } from '@palco/domain/inscriptions/contract'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { inputIdOf, type Problems, type RawAnswers } from '../model/participants'
import { type AnswerChange, DynamicField } from './dynamic-field'

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
 * the fields shown for their answers (a field behind a condition appears when it holds). A field's problem
 * shows once the person has left it after typing (`left`), or once they tried to continue (`showAll`), and
 * is judged again on every keystroke from then on; the API's problems (`fromApi`) show until the field
 * changes. Memoised: typing for one participant leaves the others' forms alone.
 */
export const ParticipantForm = memo(function ParticipantForm(props: {
  definition: FormDefinition
  participant: InscriptionFormView['participants'][number]
  count: number
  answers: RawAnswers
  problems: Problems
  fromApi: Problems | undefined
  showAll: boolean
  left: ReadonlySet<string>
  eventId: string
  disabled: boolean
  onAnswer: AnswerChange
  onLeave: (inputId: string) => void
}) {
  const { t } = useTranslation('checkout')
  const ageText = useAgeRuleText()
  const { participant, definition } = props
  const shown = new Set(visibleFields(definition, props.answers))
  const headingId = `participant-${participant.seq}-heading`
  const rule = ageText(participant.ageRule)
  const problemOf = (name: string) =>
    props.fromApi?.[name] ??
    (props.showAll || props.left.has(inputIdOf(participant.seq, name)) ? props.problems[name] : undefined)
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="participant-form"
      onBlur={(e) => props.onLeave((e.target as HTMLElement).id)}
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
        {definition.fields
          .filter((field) => shown.has(field.name))
          .map((field) => (
            <DynamicField
              key={field.name}
              field={field}
              seq={participant.seq}
              value={props.answers[field.name]}
              error={problemOf(field.name)}
              eventId={props.eventId}
              disabled={props.disabled}
              onAnswer={props.onAnswer}
            />
          ))}
      </Stack>
    </Paper>
  )
})
