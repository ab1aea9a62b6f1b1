import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core'
import type { CounterBuyer, CounterFan } from '@palco/domain/box-office/contract'
import type { PhonePrefix } from '@palco/domain/locale/country'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { PhoneField } from '../../../components/ui/phone-field'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { findFans, preRegisterFan } from '../api/box-office'

type Mode = 'find' | 'new' | 'walkIn'

/** The buyer the sale names, and how the page shows them. */
export interface ChosenBuyer {
  buyer: CounterBuyer
  label: string
}

/**
 * Who buys at the counter (issue 15 part 2): a fan found by exact email, phone or document; a fan
 * pre-registered here, who finishes sign-up later and then sees the tickets; or a walk-in known by name.
 * Reports the choice as it is made; null while none is complete.
 */
export function BuyerPicker(props: {
  phonePrefix: PhonePrefix
  onBuyer: (buyer: ChosenBuyer | null) => void
}) {
  const { t } = useTranslation('boxoffice')
  const [mode, setMode] = useState<Mode>('find')
  const change = (next: Mode) => {
    setMode(next)
    props.onBuyer(null)
  }
  return (
    <Stack gap="sm">
      {/* Radios, not a segmented control: three labels must wrap at 375 px rather than be cut. */}
      <Radio.Group value={mode} onChange={(v) => change(v as Mode)} label={t('buyer.modeLabel')}>
        <Group gap="md" mt={4} data-testid="buyer-mode">
          <Radio value="find" label={t('buyer.find')} />
          <Radio value="new" label={t('buyer.new')} />
          <Radio value="walkIn" label={t('buyer.walkIn')} />
        </Group>
      </Radio.Group>
      {mode === 'find' && <FindFan onBuyer={props.onBuyer} />}
      {mode === 'new' && <PreRegister phonePrefix={props.phonePrefix} onBuyer={props.onBuyer} />}
      {mode === 'walkIn' && <WalkIn onBuyer={props.onBuyer} />}
    </Stack>
  )
}

/** The picker with the buyer it chose said back to the operator, or why the sale still waits for one. */
export function BuyerChoice(props: {
  phonePrefix: PhonePrefix
  buyer: ChosenBuyer | null
  onBuyer: (buyer: ChosenBuyer | null) => void
  missing: boolean
}) {
  const { t } = useTranslation('boxoffice')
  return (
    <>
      <BuyerPicker phonePrefix={props.phonePrefix} onBuyer={props.onBuyer} />
      {props.buyer && (
        <Text size="sm" fw={600} data-testid="chosen-buyer">
          {t('buyer.chosen', { name: props.buyer.label })}
        </Text>
      )}
      {props.missing && (
        <Text size="sm" c="red" role="alert">
          {t('buyer.required')}
        </Text>
      )}
    </>
  )
}

function FindFan(props: { onBuyer: (buyer: ChosenBuyer | null) => void }) {
  const { t } = useTranslation('boxoffice')
  const [q, setQ] = useState('')
  const [fans, setFans] = useState<CounterFan[] | null>(null)
  const [picked, setPicked] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [tooShort, setTooShort] = useState(false)
  const resultsId = useId()

  const search = async (e: FormEvent) => {
    e.preventDefault()
    setTooShort(q.trim().length < 3)
    if (q.trim().length < 3) return
    setBusy(true)
    setError(null)
    setPicked(null)
    props.onBuyer(null)
    try {
      setFans((await findFans(q.trim())).fans)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  const pick = (fanId: string) => {
    setPicked(fanId)
    const fan = fans?.find((f) => f.fanId === fanId)
    if (fan) props.onBuyer({ buyer: { kind: 'FAN', fanId }, label: fan.name })
  }

  return (
    <Stack gap="sm">
      <form onSubmit={search} noValidate>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('buyer.query')}
            description={t('buyer.queryHint')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            error={tooShort ? t('buyer.queryTooShort') : undefined}
            style={{ flex: 1, minWidth: 200 }}
            aria-controls={resultsId}
            data-testid="buyer-query"
          />
          <Button type="submit" variant="default" loading={busy}>
            {t('buyer.search')}
          </Button>
        </Group>
      </form>
      <ApiErrorAlert error={error} />
      <div id={resultsId} aria-live="polite">
        {fans?.length === 0 && <Text c="dimmed">{t('buyer.noneFound')}</Text>}
        {fans && fans.length > 0 && (
          <Radio.Group value={picked} onChange={pick} label={t('buyer.results', { count: fans.length })}>
            <Stack gap="xs" mt="xs">
              {fans.map((f) => (
                <Radio
                  key={f.fanId}
                  value={f.fanId}
                  label={f.name}
                  description={[f.email, f.phone, f.document, f.registered ? null : t('buyer.preRegistered')]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </div>
    </Stack>
  )
}

const fieldError = (t: (k: string) => string, error: ApiError | null, field: string) =>
  error?.fields[field] ? t(`errors:fields.${error.fields[field]}`) : undefined

function PreRegister(props: { phonePrefix: PhonePrefix; onBuyer: (buyer: ChosenBuyer | null) => void }) {
  const { t } = useTranslation('boxoffice')
  const [prefix, setPrefix] = useState<PhonePrefix>(props.phonePrefix)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const phone = text('phone')
    setBusy(true)
    setError(null)
    try {
      const fan = await preRegisterFan({
        firstName: text('firstName'),
        lastName: text('lastName'),
        ...(text('email') ? { email: text('email') } : {}),
        ...(phone ? { phonePrefix: prefix, phone } : {}),
      })
      const label = `${fan.firstName} ${fan.lastName}`
      setDone(label)
      props.onBuyer({ buyer: { kind: 'FAN', fanId: fan.id }, label })
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }

  if (done) return <Text data-testid="pre-registered">{t('buyer.preRegisteredDone', { name: done })}</Text>
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('buyer.newHint')}
        </Text>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            name="firstName"
            label={t('buyer.firstName')}
            required
            autoComplete="off"
            error={fieldError(t, error, 'firstName')}
            miw={160}
          />
          <TextInput
            name="lastName"
            label={t('buyer.lastName')}
            required
            autoComplete="off"
            error={fieldError(t, error, 'lastName')}
            miw={160}
          />
        </Group>
        <TextInput
          name="email"
          type="email"
          label={t('buyer.email')}
          autoComplete="off"
          error={fieldError(t, error, 'email')}
        />
        <PhoneField
          prefix={prefix}
          prefixProps={{ value: prefix, onChange: (e) => setPrefix(e.currentTarget.value as PhonePrefix) }}
          phoneProps={{ name: 'phone', autoComplete: 'off' }}
          error={fieldError(t, error, 'phone')}
        />
        <ApiErrorAlert error={Object.keys(error?.fields ?? {}).length > 0 ? null : error} />
        <Group>
          <Button type="submit" variant="default" loading={busy}>
            {t('buyer.preRegister')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function WalkIn(props: { onBuyer: (buyer: ChosenBuyer | null) => void }) {
  const { t } = useTranslation('boxoffice')
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const report = (nextName: string, nextEmail: string) => {
    const trimmed = nextName.trim()
    props.onBuyer(
      trimmed.length >= 2
        ? {
            buyer: {
              kind: 'WALK_IN',
              name: trimmed,
              ...(nextEmail.trim() ? { email: nextEmail.trim() } : {}),
            },
            label: trimmed,
          }
        : null,
    )
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('buyer.walkInHint')}
      </Text>
      <TextInput
        label={t('buyer.name')}
        required
        autoComplete="off"
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value)
          report(e.currentTarget.value, email)
        }}
        data-testid="walk-in-name"
      />
      <TextInput
        type="email"
        label={t('buyer.emailOptional')}
        autoComplete="off"
        value={email}
        onChange={(e) => {
          setEmail(e.currentTarget.value)
          report(name, e.currentTarget.value)
        }}
      />
    </Stack>
  )
}
