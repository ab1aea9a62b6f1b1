import {
  Checkbox,
  FileInput,
  NativeSelect,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import type { FieldDefinition } from '@palco/domain/forms/form-definition'
import { formLanguageOf, textIn } from '@palco/domain/forms/localized-text'
import { lazy, memo, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { asApiError } from '../../../lib/api-client'
import { type UploadedFile, uploadFile } from '../api/inscription-form'
import { inputIdOf } from '../model/participants'
import { typedFieldAttributes } from '../model/typed-fields'

// A searchable list brings Mantine's combobox and floating-ui (about 28 KB gzipped): fetched when a form has
// one, not with every form's page (DESIGN §8: a route's own JavaScript ≤ 40 KB).
const ComboBoxField = lazy(() => import('./combo-box-field'))

/** What each of the sixteen field types (spec §2) shows: the input a person expects for it. */
const INPUT_TYPE: Partial<Record<FieldDefinition['type'], string>> = {
  EMAIL: 'email',
  PHONE: 'tel',
  URL: 'url',
  DATE: 'date',
  DATETIME: 'datetime-local',
  TIME: 'time',
}
const AUTOCOMPLETE: Partial<Record<FieldDefinition['type'], string>> = {
  EMAIL: 'email',
  PHONE: 'tel',
  URL: 'url',
}

/** Fields the page draws from their answer; the others' inputs keep their own. */
const DRAWN: ReadonlySet<FieldDefinition['type']> = new Set([
  'READONLY',
  'SELECT',
  'COMBO_BOX',
  'RADIO_GROUP',
  'FILE',
])

/**
 * A typed-into field's input keeps its own text, and a box its own tick (uncontrolled, starting from the
 * saved answer): a keystroke or a tap tells the participant's answers and draws nothing (issue 17: no dropped
 * frame on a mid-range phone). Its `value` is then only where it starts.
 */
export const keepsItsOwnValue = (type: FieldDefinition['type']) => !DRAWN.has(type)

const isUploaded = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && 'uploadId' in value

/** What every field's input is given: its id and name, label, help, problem, and whether it is required. */
export interface FieldInputProps {
  id: string
  label: string
  description: string | undefined
  error: string | undefined
  disabled: boolean
  withAsterisk: boolean
  name: string
}

/** A participant's answer changed; one function for every field of the page, so a field's props stay equal. */
export type AnswerChange = (seq: number, name: string, value: unknown) => void

/**
 * One field of a participant's form, by its type: its label and help in the page's language, its problem
 * (a message key, the same the API answers) under it. A FILE goes to private storage as soon as it is
 * chosen; the answer is the upload it became. A typed-into field keeps its own text and a box its tick
 * (`keepsItsOwnValue`). Memoised: a new problem under one field draws that field alone.
 */
export const DynamicField = memo(function DynamicField(props: {
  field: FieldDefinition
  seq: number
  value: unknown
  error: string | undefined
  eventId: string
  disabled: boolean
  onAnswer: AnswerChange
}) {
  const { t, i18n } = useTranslation('checkout')
  const { field, seq, value, disabled } = props
  const onChange = (answer: unknown) => props.onAnswer(seq, field.name, answer)
  const lang = formLanguageOf(i18n.language)
  const id = inputIdOf(seq, field.name)
  const label = textIn(field.label, lang)
  const description = field.help ? textIn(field.help, lang) : undefined
  const error = props.error
    ? t(`participants.messages.${props.error}`, { defaultValue: t('participants.messages.invalidValue') })
    : undefined
  const common: FieldInputProps = {
    id,
    label,
    description,
    error,
    disabled,
    withAsterisk: field.required,
    name: id,
  }
  const text = typeof value === 'string' ? value : ''
  // What is typed into these, or the box's tick, reaches the store from the form's own listener
  // (model/typed-fields.ts).
  const typed = typedFieldAttributes(seq, field.name)

  switch (field.type) {
    case 'READONLY':
      return (
        <Stack gap={2} data-testid={`field-${field.name}`}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {textIn(field.value, lang)}
          </Text>
        </Stack>
      )
    case 'TEXTAREA':
      return (
        <Textarea
          {...common}
          defaultValue={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={field.maxLength}
        />
      )
    case 'PASSWORD':
      return (
        <PasswordInput
          {...common}
          {...typed}
          defaultValue={text}
          autoComplete="new-password"
          maxLength={field.maxLength}
        />
      )
    case 'CHECKBOX':
      return (
        <Checkbox
          id={id}
          name={id}
          label={label}
          description={description}
          error={error}
          disabled={disabled}
          {...typed}
          defaultChecked={value === true}
          required={field.required}
        />
      )
    case 'SELECT':
      return (
        <NativeSelect
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[
            { value: '', label: t('participants.choose') },
            ...field.options.map((o) => ({ value: o.value, label: textIn(o.label, lang) })),
          ]}
        />
      )
    case 'COMBO_BOX': {
      const options = field.options.map((o) => ({ value: o.value, label: textIn(o.label, lang) }))
      const chosen = options.find((o) => o.value === text)?.label ?? ''
      return (
        // Until its code is there (client-side only: the server sends the whole field), the chosen option.
        <Suspense fallback={<TextInput {...common} value={chosen} readOnly />}>
          <ComboBoxField common={common} value={text} options={options} label={label} onChange={onChange} />
        </Suspense>
      )
    }
    case 'RADIO_GROUP':
      return (
        <Radio.Group
          id={id}
          name={id}
          label={label}
          description={description}
          error={error}
          withAsterisk={field.required}
          value={text}
          onChange={(v) => onChange(v)}
        >
          <Stack gap={6} mt={6}>
            {field.options.map((o) => (
              <Radio key={o.value} value={o.value} label={textIn(o.label, lang)} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      )
    case 'FILE':
      return (
        <FileField
          field={field}
          value={value}
          eventId={props.eventId}
          disabled={disabled}
          onChange={onChange}
          common={common}
        />
      )
    case 'NUMBER':
      return (
        <TextInput
          {...common}
          {...typed}
          defaultValue={text}
          inputMode="decimal"
          {...(field.min !== undefined ? { min: field.min } : {})}
          {...(field.max !== undefined ? { max: field.max } : {})}
        />
      )
    default:
      return (
        <TextInput
          {...common}
          {...typed}
          type={INPUT_TYPE[field.type] ?? 'text'}
          defaultValue={text}
          autoComplete={AUTOCOMPLETE[field.type] ?? 'off'}
          {...('maxLength' in field ? { maxLength: field.maxLength } : {})}
        />
      )
  }
})

/** A FILE field: the file is sent when chosen; the answer names the upload, and the page says how it went. */
function FileField(props: {
  field: Extract<FieldDefinition, { type: 'FILE' }>
  value: unknown
  eventId: string
  disabled: boolean
  onChange: (value: unknown) => void
  common: FieldInputProps
}) {
  const { t } = useTranslation(['checkout', 'errors'])
  const { field, value } = props
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const uploaded = isUploaded(value) ? value : null
  const choose = async (file: File | null) => {
    setFailed(null)
    if (!file) {
      props.onChange('')
      return
    }
    // Said at once, before sending anything: the server checks both again, by content.
    if (file.size > field.maxBytes) return setFailed(t('participants.messages.fileTooLarge'))
    if (!(field.accept as string[]).includes(file.type))
      return setFailed(t('participants.messages.fileTypeNotAccepted'))
    setBusy(true)
    try {
      props.onChange(await uploadFile(props.eventId, field.name, file))
    } catch (err) {
      const e = asApiError(err)
      setFailed(t(`errors:codes.${e.code}`, { defaultValue: t('participants.uploadFailed') }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap={4}>
      <FileInput
        {...props.common}
        error={failed ?? props.common.error}
        accept={field.accept.join(',')}
        onChange={(file) => void choose(file)}
        clearable
        clearButtonProps={{ 'aria-label': t('participants.clearFile', { field: props.common.label }) }}
        disabled={props.disabled || busy}
        data-testid={`file-${field.name}`}
      />
      <Text size="sm" aria-live="polite" data-testid={`file-${field.name}-state`}>
        {busy
          ? t('participants.uploading')
          : uploaded
            ? t('participants.uploaded', { name: uploaded.name })
            : ''}
      </Text>
    </Stack>
  )
}
