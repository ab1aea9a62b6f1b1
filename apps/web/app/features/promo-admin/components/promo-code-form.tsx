import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { PromoKind } from '@palco/domain/checkout/promo-admin'
import type { PromoBatchResult, PromoTargets } from '@palco/domain/checkout/promo-admin-contract'
import { formatDate } from '@palco/domain/format/format'
import {
  type Currency,
  countryOfLocale,
  defaultTimeZoneOf,
  type Locale,
} from '@palco/domain/locale/country-settings'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { batchCsvPath, createPromoBatch, createPromoCode } from '../api/promo-codes'
import { usePromoFieldError } from '../hooks/use-promo-field-error'
import {
  type DraftField,
  EMPTY_DRAFT,
  fieldErrorsOf,
  type PromoDraft,
  requestOf,
  zonesWithin,
} from '../model/promo-draft'

type Done = { mode: 'ONE'; code: string } | { mode: 'BATCH'; batch: PromoBatchResult }

/**
 * Makes one code, or a batch of up to 1,000 behind a prefix (issue 43 part 5): the discount, validity, caps,
 * and the events and tiers it applies to. The server judges every rule and answers on the field, which is
 * marked and focused; a batch's codes can be downloaded as soon as it is made.
 */
export function PromoCodeForm(props: { targets: PromoTargets; locale: Locale; onCreated: () => void }) {
  const { t } = useTranslation('promoadmin')
  const errorText = usePromoFieldError()
  const [draft, setDraft] = useState<PromoDraft>(EMPTY_DRAFT)
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({})
  const [apiError, setApiError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<Done | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const site = {
    currency: props.targets.currency as Currency,
    timeZone: defaultTimeZoneOf(countryOfLocale(props.locale)),
  }
  // The first refused field takes the focus, so a keyboard user lands where the problem is.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  const set =
    <K extends DraftField>(key: K) =>
    (value: PromoDraft[K]) => {
      setDone(null)
      setErrors((e) => ({ ...e, [key]: undefined }))
      setDraft((d) => ({ ...d, [key]: value }))
    }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setApiError(null)
    setErrors({})
    try {
      const request = requestOf(draft, site)
      if (request.mode === 'ONE') {
        const made = await createPromoCode(request.body)
        setDone({ mode: 'ONE', code: made.code })
        setDraft((d) => ({ ...d, code: '' }))
      } else {
        setDone({ mode: 'BATCH', batch: await createPromoBatch(request.body) })
        setDraft((d) => ({ ...d, prefix: '', label: '' }))
      }
      props.onCreated()
    } catch (err) {
      const apiErr = asApiError(err)
      setApiError(apiErr)
      setErrors(fieldErrorsOf(apiErr.fields))
    } finally {
      setBusy(false)
    }
  }
  const fieldProps = { draft, set, error: (f: DraftField) => errorText(errors[f]) }

  return (
    <TitledSection title={t('form.title')} testId="promo-form">
      <form ref={form} onSubmit={submit} noValidate aria-describedby="promo-form-intro">
        <Stack gap="md">
          <Text size="sm" id="promo-form-intro">
            {t('form.intro')}
          </Text>
          <SegmentedControl
            value={draft.mode}
            onChange={(v) => set('mode')(v as PromoDraft['mode'])}
            data={[
              { value: 'ONE', label: t('form.modeOne') },
              { value: 'BATCH', label: t('form.modeBatch') },
            ]}
            aria-label={t('form.mode')}
            fullWidth
          />
          {draft.mode === 'ONE' ? <CodeField {...fieldProps} /> : <BatchFields {...fieldProps} />}
          <DiscountFields {...fieldProps} currency={site.currency} locale={props.locale} />
          <LimitFields {...fieldProps} />
          <TargetFields {...fieldProps} targets={props.targets} locale={props.locale} />
          <ApiErrorAlert error={apiError} />
          {done && <DoneNotice done={done} />}
          <Group>
            <Button type="submit" loading={busy} data-testid="promo-submit">
              {draft.mode === 'ONE' ? t('form.createOne') : t('form.createBatch')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  )
}

interface FieldProps {
  draft: PromoDraft
  set: <K extends DraftField>(key: K) => (value: PromoDraft[K]) => void
  error: (field: DraftField) => string | undefined
}

const numberOrEmpty = (v: string | number): number | '' => (v === '' ? '' : Number(v))

function CodeField({ draft, set, error }: FieldProps) {
  const { t } = useTranslation('promoadmin')
  return (
    <TextInput
      label={t('form.code')}
      description={t('form.codeHint')}
      value={draft.code}
      onChange={(e) => set('code')(e.currentTarget.value)}
      error={error('code')}
      maxLength={32}
      autoComplete="off"
      spellCheck={false}
      required
      data-testid="promo-code"
    />
  )
}

function BatchFields({ draft, set, error }: FieldProps) {
  const { t } = useTranslation('promoadmin')
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput
        label={t('form.prefix')}
        description={t('form.prefixHint')}
        value={draft.prefix}
        onChange={(e) => set('prefix')(e.currentTarget.value)}
        error={error('prefix')}
        maxLength={12}
        autoComplete="off"
        spellCheck={false}
        required
        data-testid="promo-prefix"
      />
      <NumberInput
        label={t('form.count')}
        description={t('form.countHint')}
        value={draft.count}
        onChange={(v) => set('count')(numberOrEmpty(v))}
        error={error('count')}
        min={1}
        max={1000}
        allowDecimal={false}
        required
        data-testid="promo-count"
      />
      <TextInput
        label={t('form.label')}
        description={t('form.labelHint')}
        value={draft.label}
        onChange={(e) => set('label')(e.currentTarget.value)}
        error={error('label')}
        maxLength={80}
      />
    </SimpleGrid>
  )
}

function DiscountFields({
  draft,
  set,
  error,
  currency,
  locale,
}: FieldProps & { currency: Currency; locale: Locale }) {
  const { t } = useTranslation('promoadmin')
  const separators = {
    thousandSeparator: locale === 'es-CO' ? '.' : ',',
    decimalSeparator: locale === 'es-CO' ? ',' : '.',
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <NativeSelect
        label={t('form.kind')}
        value={draft.kind}
        onChange={(e) => set('kind')(e.currentTarget.value as PromoKind)}
        data={[
          { value: 'PERCENT', label: t('form.kindPercent') },
          { value: 'FIXED', label: t('form.kindFixed', { currency }) },
        ]}
      />
      {draft.kind === 'PERCENT' ? (
        <NumberInput
          label={t('form.percent')}
          value={draft.percent}
          onChange={(v) => set('percent')(numberOrEmpty(v))}
          error={error('percent')}
          min={1}
          max={100}
          decimalScale={2}
          suffix=" %"
          decimalSeparator={separators.decimalSeparator}
          required
          data-testid="promo-percent"
        />
      ) : (
        <NumberInput
          label={t('form.amount', { currency })}
          value={draft.amount}
          onChange={(v) => set('amount')(numberOrEmpty(v))}
          error={error('amount')}
          min={0}
          decimalScale={2}
          {...separators}
          required
          data-testid="promo-amount"
        />
      )}
    </SimpleGrid>
  )
}

function LimitFields({ draft, set, error }: FieldProps) {
  const { t } = useTranslation('promoadmin')
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        type="datetime-local"
        label={t('form.startsAt')}
        description={t('form.timeHint')}
        value={draft.startsAt}
        onChange={(e) => set('startsAt')(e.currentTarget.value)}
        error={error('startsAt')}
      />
      <TextInput
        type="datetime-local"
        label={t('form.endsAt')}
        description={t('form.timeHint')}
        value={draft.endsAt}
        onChange={(e) => set('endsAt')(e.currentTarget.value)}
        error={error('endsAt')}
      />
      <NumberInput
        label={t('form.maxUses')}
        description={t('form.maxUsesHint')}
        value={draft.maxUses}
        onChange={(v) => set('maxUses')(numberOrEmpty(v))}
        error={error('maxUses')}
        min={1}
        allowDecimal={false}
        data-testid="promo-max-uses"
      />
      <NumberInput
        label={t('form.maxUsesPerFan')}
        description={t('form.maxUsesPerFanHint')}
        value={draft.maxUsesPerFan}
        onChange={(v) => set('maxUsesPerFan')(numberOrEmpty(v))}
        error={error('maxUsesPerFan')}
        min={1}
        allowDecimal={false}
        data-testid="promo-max-per-fan"
      />
    </SimpleGrid>
  )
}

function TargetFields({
  draft,
  set,
  error,
  targets,
  locale,
}: FieldProps & { targets: PromoTargets; locale: Locale }) {
  const { t } = useTranslation('promoadmin')
  const chosen = targets.events.filter((e) => draft.eventIds.includes(e.id))
  const chooseEvents = (ids: string[]) => {
    set('eventIds')(ids)
    set('zoneIds')(zonesWithin(draft.zoneIds, ids, targets.events))
  }
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('form.events')}
        description={targets.countryWide ? t('form.eventsHintAll') : t('form.eventsHint')}
        placeholder={draft.eventIds.length === 0 ? t('form.eventsPlaceholder') : undefined}
        data={targets.events.map((e) => ({
          value: e.id,
          label: `${e.name} · ${formatDate(e.startsAt, locale)}`,
        }))}
        value={draft.eventIds}
        onChange={chooseEvents}
        error={error('eventIds')}
        searchable
        nothingFoundMessage={t('form.noEvents')}
        required={!targets.countryWide}
        data-testid="promo-events"
      />
      <MultiSelect
        label={t('form.zones')}
        description={t('form.zonesHint')}
        data={chosen.map((e) => ({
          group: e.name,
          items: e.zones.map((z) => ({ value: z.id, label: `${z.name} (${e.name})` })),
        }))}
        value={draft.zoneIds}
        onChange={set('zoneIds')}
        error={error('zoneIds')}
        disabled={chosen.length === 0}
        searchable
        data-testid="promo-zones"
      />
    </Stack>
  )
}

function DoneNotice({ done }: { done: Done }) {
  const { t } = useTranslation('promoadmin')
  return (
    <Alert color="teal" variant="light" role="status" data-testid="promo-done">
      {done.mode === 'ONE' ? (
        <Text size="sm">{t('form.doneOne', { code: done.code })}</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">{t('form.doneBatch', { count: done.batch.count, label: done.batch.label })}</Text>
          <Anchor href={batchCsvPath(done.batch.batchId)} download fw={600} data-testid="promo-batch-csv">
            {t('form.downloadBatch', { count: done.batch.count })}
          </Anchor>
        </Stack>
      )}
    </Alert>
  )
}
