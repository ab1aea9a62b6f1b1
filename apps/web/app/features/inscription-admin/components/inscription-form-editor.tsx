import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  JsonInput,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { saveInscriptionForm } from '../api/inscription-form'
import {
  ADDABLE_FIELD_TYPES,
  type AddableFieldType,
  addField,
  type Definition,
  editField,
  fieldSummary,
  jsonOf,
  noProblems,
  type Problem,
  parseAge,
  parseDefinition,
  problemsOf,
  removeField,
} from '../model/form-editor'

export type EditorEvent = { id: string; name: string; startsAt: string; timeZone: string }
export type EditorZone = {
  id: string
  name: string
  ageRule: { minAge: number | null; maxAge: number | null } | null
}

type AgeInput = { min: string | number; max: string | number }

const ageText = (age: number | null | undefined) => (age === null || age === undefined ? '' : age)

/** The problems of one row, each with the property it names (the JSON's own word for it). */
function ProblemList(props: { problems: readonly Problem[]; testId: string }) {
  const { t } = useTranslation('inscriptions')
  if (props.problems.length === 0) return null
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {props.problems.map((p) => (
        <Text component="li" key={`${p.property}|${p.key}`} size="sm" c="red.9" data-testid={props.testId}>
          {p.property ? `${p.property}: ${t(p.key)}` : t(p.key)}
        </Text>
      ))}
    </Stack>
  )
}

/**
 * One inscription's form and categories as its organiser edits them (issue 17 part 6). The form is kept as
 * JSON text: the list edits labels and "required" in it, the JSON editor everything else, and "Save" sends
 * both with the categories' age rules; what the API refuses is shown on the field or category it names.
 */
export function InscriptionFormEditor(props: {
  event: EditorEvent
  zones: EditorZone[]
  definition: Definition | null
  locale: Locale
}) {
  const { t } = useTranslation('inscriptions')
  const { event, zones } = props
  const [text, setText] = useState(() => jsonOf(props.definition ?? { fields: [] }))
  const [ages, setAges] = useState<Record<string, AgeInput>>(() =>
    Object.fromEntries(
      zones.map((z) => [z.id, { min: ageText(z.ageRule?.minAge), max: ageText(z.ageRule?.maxAge) }]),
    ),
  )
  const [newType, setNewType] = useState<AddableFieldType>('TEXT')
  const [problems, setProblems] = useState(noProblems)
  const [ageErrors, setAgeErrors] = useState<Record<string, { min?: string; max?: string }>>({})
  const [jsonError, setJsonError] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [saved, setSaved] = useState(false)
  const [sending, setSending] = useState(false)
  const [focusAdded, setFocusAdded] = useState(false)
  const list = useRef<HTMLDivElement>(null)
  const savedNotice = useRef<HTMLDivElement>(null)
  const jsonRef = useRef<HTMLTextAreaElement>(null)

  const definition = parseDefinition(text)

  // A field just added is where the organiser goes next: its first label.
  useEffect(() => {
    if (!focusAdded) return
    list.current?.querySelector<HTMLInputElement>('ul > li:last-child input')?.focus()
    setFocusAdded(false)
  }, [focusAdded])
  useEffect(() => {
    if (saved) savedNotice.current?.focus()
  }, [saved])

  const change = (next: Definition) => {
    setText(jsonOf(next))
    setSaved(false)
  }
  const setAge = (zoneId: string, bound: keyof AgeInput, value: string | number) => {
    setAges((all) => ({ ...all, [zoneId]: { ...(all[zoneId] ?? { min: '', max: '' }), [bound]: value } }))
    setAgeErrors((all) => ({ ...all, [zoneId]: { ...all[zoneId], [bound]: undefined } }))
    setSaved(false)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSaved(false)
    setError(null)
    setProblems(noProblems())
    const parsed = parseDefinition(text)
    setJsonError(parsed === null)
    const localAgeErrors: Record<string, { min?: string; max?: string }> = {}
    const ageRules = zones.map((zone) => {
      const input = ages[zone.id] ?? { min: '', max: '' }
      const minAge = parseAge(input.min)
      const maxAge = parseAge(input.max)
      if (minAge === 'invalid' || maxAge === 'invalid')
        localAgeErrors[zone.id] = {
          ...(minAge === 'invalid' && { min: t('admin.problems.wholeYears') }),
          ...(maxAge === 'invalid' && { max: t('admin.problems.wholeYears') }),
        }
      return {
        zoneId: zone.id,
        minAge: minAge === 'invalid' ? null : minAge,
        maxAge: maxAge === 'invalid' ? null : maxAge,
      }
    })
    setAgeErrors(localAgeErrors)
    if (parsed === null) {
      jsonRef.current?.focus()
      return
    }
    if (Object.keys(localAgeErrors).length > 0) return
    setSending(true)
    try {
      const result = await saveInscriptionForm(event.id, { definition: parsed, ageRules })
      // The API fills each type's defaults in: the editor shows the form as it is now stored.
      setText(jsonOf(result.definition))
      setSaved(true)
    } catch (err) {
      const apiError = asApiError(err)
      setError(apiError)
      setProblems(problemsOf(apiError.fields))
    } finally {
      setSending(false)
    }
  }

  const eventDate = formatDate(event.startsAt, props.locale, event.timeZone)

  return (
    <Stack gap="lg" data-testid="inscription-form-editor" data-event-id={event.id}>
      <Stack gap={4}>
        <Title order={2}>{event.name}</Title>
        <MutedText>{eventDate}</MutedText>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TitledSection title={t('admin.categories.title')} testId="inscription-categories">
            <MutedText>{t('admin.categories.note', { date: eventDate })}</MutedText>
            {zones.map((zone, index) => {
              const input = ages[zone.id] ?? { min: '', max: '' }
              const local = ageErrors[zone.id] ?? {}
              const remote = problems.ageRules.get(index) ?? []
              const on = (property: string) =>
                remote.filter((p) => p.property === property).map((p) => t(p.key))[0]
              return (
                <Paper
                  component="fieldset"
                  key={zone.id}
                  withBorder
                  p="sm"
                  m={0}
                  radius="sm"
                  data-testid="inscription-category"
                >
                  <Text component="legend" fw={600} px={4}>
                    {zone.name}
                  </Text>
                  <Group gap="md" align="flex-start" wrap="wrap">
                    {(['min', 'max'] as const).map((bound) => (
                      <NumberInput
                        key={bound}
                        label={t(`admin.categories.${bound}Age`)}
                        value={input[bound]}
                        onChange={(v) => setAge(zone.id, bound, v)}
                        min={0}
                        max={120}
                        allowDecimal={false}
                        allowNegative={false}
                        hideControls
                        inputMode="numeric"
                        error={local[bound] ?? on(`${bound}Age`)}
                        style={{ flex: '1 1 8rem' }}
                        data-testid={`inscription-${bound}-age`}
                      />
                    ))}
                  </Group>
                  <ProblemList
                    problems={remote.filter((p) => p.property !== 'minAge' && p.property !== 'maxAge')}
                    testId="inscription-category-problem"
                  />
                </Paper>
              )
            })}
            <ProblemList problems={problems.ageRulesAll} testId="inscription-age-rules-problem" />
          </TitledSection>

          <TitledSection title={t('admin.form.title')} testId="inscription-form-fields">
            <MutedText>{t('admin.form.intro')}</MutedText>
            <div ref={list}>
              {definition === null ? (
                <Text size="sm">{t('admin.form.listUnavailable')}</Text>
              ) : definition.fields.length === 0 ? (
                <Text size="sm">{t('admin.form.empty')}</Text>
              ) : (
                <Stack
                  component="ul"
                  gap="sm"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  aria-label={t('admin.form.listLabel')}
                >
                  {definition.fields.map((field, index) => {
                    const s = fieldSummary(field)
                    const rowProblems = problems.fields.get(index) ?? []
                    const named = s.name || t('admin.form.unnamed', { position: index + 1 })
                    return (
                      <Paper
                        component="li"
                        // Position is the field's identity here: the JSON may give two fields one name.
                        // biome-ignore lint/suspicious/noArrayIndexKey: see above
                        key={index}
                        withBorder
                        p="sm"
                        radius="sm"
                        data-testid="inscription-field"
                        data-field-name={s.name}
                        data-invalid={rowProblems.length > 0 || undefined}
                      >
                        <Stack gap="xs">
                          <Group justify="space-between" gap="xs" wrap="wrap">
                            <Text fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                              {named}
                            </Text>
                            <Badge color="gray.7" variant="filled">
                              {s.type || '?'}
                            </Badge>
                          </Group>
                          <Group gap="sm" align="flex-start" wrap="wrap">
                            <TextInput
                              label={t('admin.form.labelEs')}
                              value={s.labelEs}
                              onChange={(e) =>
                                change(editField(definition, index, { labelEs: e.currentTarget.value }))
                              }
                              style={{ flex: '1 1 12rem' }}
                            />
                            <TextInput
                              label={t('admin.form.labelEn')}
                              value={s.labelEn}
                              onChange={(e) =>
                                change(editField(definition, index, { labelEn: e.currentTarget.value }))
                              }
                              style={{ flex: '1 1 12rem' }}
                            />
                          </Group>
                          <Group justify="space-between" gap="sm" wrap="wrap">
                            <Checkbox
                              label={t('admin.form.required')}
                              checked={s.required}
                              onChange={(e) =>
                                change(editField(definition, index, { required: e.currentTarget.checked }))
                              }
                            />
                            <Button
                              variant="default"
                              size="xs"
                              onClick={() => change(removeField(definition, index))}
                              aria-label={t('admin.form.removeLabel', { name: named })}
                            >
                              {t('admin.form.remove')}
                            </Button>
                          </Group>
                          <ProblemList problems={rowProblems} testId="inscription-field-problem" />
                        </Stack>
                      </Paper>
                    )
                  })}
                </Stack>
              )}
            </div>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NativeSelect
                label={t('admin.form.newType')}
                value={newType}
                onChange={(e) => setNewType(e.currentTarget.value as AddableFieldType)}
                data={ADDABLE_FIELD_TYPES.map((type) => ({
                  value: type,
                  label: t(`admin.form.types.${type}`),
                }))}
                style={{ flex: '1 1 12rem' }}
                data-testid="inscription-new-type"
              />
              <Button
                variant="default"
                disabled={definition === null}
                onClick={() => {
                  if (!definition) return
                  change(addField(definition, newType))
                  setFocusAdded(true)
                }}
                data-testid="inscription-add-field"
              >
                {t('admin.form.add')}
              </Button>
            </Group>
            <JsonInput
              ref={jsonRef}
              label={t('admin.form.json')}
              description={t('admin.form.jsonHint')}
              value={text}
              onChange={(value) => {
                setText(value)
                setJsonError(false)
                setSaved(false)
              }}
              validationError={t('admin.form.jsonInvalid')}
              error={jsonError ? t('admin.form.jsonInvalid') : undefined}
              autosize
              minRows={8}
              maxRows={24}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              data-testid="inscription-json"
            />
            <ProblemList problems={problems.form} testId="inscription-form-problem" />
          </TitledSection>

          <ApiErrorAlert error={error} />
          {saved && (
            <Alert
              ref={savedNotice}
              tabIndex={-1}
              color="teal"
              variant="light"
              role="status"
              data-testid="inscription-saved"
            >
              {/* The title in the text's own colour: an alert's tinted title is too light on its tint. */}
              <Text fw={700}>{t('admin.saved')}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={sending} data-testid="inscription-save">
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
