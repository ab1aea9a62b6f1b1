import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { CourtesyReason } from '@palco/domain/box-office/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { useCall } from '../../../lib/use-call'
import { saveCourtesyReason } from '../api/box-office'
import { SaveRow } from './save-row'

const CODE = /^[A-Z][A-Z_]{1,39}$/

/**
 * One courtesy reason as a form: both names and whether the counter offers it. A new reason also takes
 * its code (capitals and underscores, as the API requires); an existing one keeps its code, since tickets
 * given for it keep it too.
 */
function ReasonForm(props: { reason: CourtesyReason | null; onSaved: (reason: CourtesyReason) => void }) {
  const { t } = useTranslation('boxoffice')
  const isNew = props.reason === null
  const [code, setCode] = useState(props.reason?.code ?? '')
  const [nameEs, setNameEs] = useState(props.reason?.nameEs ?? '')
  const [nameEn, setNameEn] = useState(props.reason?.nameEn ?? '')
  const [active, setActive] = useState(props.reason?.active ?? true)
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  const call = useCall()

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const wrong = new Set<string>()
    const upper = code.trim().toUpperCase()
    if (!CODE.test(upper)) wrong.add('code')
    if (nameEs.trim().length < 2) wrong.add('nameEs')
    if (nameEn.trim().length < 2) wrong.add('nameEn')
    setInvalid(wrong)
    call.reset()
    if (wrong.size) return
    void call.run(async () => {
      const reason = await saveCourtesyReason(upper, { nameEs: nameEs.trim(), nameEn: nameEn.trim(), active })
      props.onSaved(reason)
      if (isNew) {
        setCode('')
        setNameEs('')
        setNameEn('')
        setActive(true)
      }
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
      aria-label={isNew ? t('backoffice.reasons.add') : props.reason?.code}
      data-testid="courtesy-reason"
      data-code={props.reason?.code ?? 'new'}
    >
      <Stack gap="xs">
        {isNew ? (
          <TextInput
            label={t('backoffice.reasons.code')}
            description={t('backoffice.reasons.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={invalid.has('code') ? t('backoffice.reasons.codeInvalid') : undefined}
            required
            maw={320}
          />
        ) : (
          <Text fw={600}>{props.reason?.code}</Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('backoffice.reasons.nameEs')}
            value={nameEs}
            onChange={(e) => setNameEs(e.currentTarget.value)}
            error={invalid.has('nameEs') ? t('backoffice.reasons.nameRequired') : undefined}
            required
          />
          <TextInput
            label={t('backoffice.reasons.nameEn')}
            value={nameEn}
            onChange={(e) => setNameEn(e.currentTarget.value)}
            error={invalid.has('nameEn') ? t('backoffice.reasons.nameRequired') : undefined}
            required
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label={t('backoffice.reasons.active')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          <SaveRow
            label={isNew ? t('backoffice.reasons.addButton') : t('backoffice.reasons.save')}
            savedText={t('backoffice.reasons.saved')}
            busy={call.busy}
            saved={call.done}
            variant={isNew ? 'filled' : 'light'}
          />
        </Group>
        <ApiErrorAlert error={call.error} />
      </Stack>
    </Paper>
  )
}

/** The courtesy reasons admins offer the counter (spec §7): edit each, switch it off, or add one. */
export function CourtesyReasonsEditor(props: { reasons: CourtesyReason[] }) {
  const [reasons, setReasons] = useState(props.reasons)
  const saved = (reason: CourtesyReason) =>
    setReasons((list) =>
      list.some((r) => r.code === reason.code)
        ? list.map((r) => (r.code === reason.code ? reason : r))
        : [...list, reason],
    )
  return (
    <Stack gap="sm">
      {reasons.map((r) => (
        <ReasonForm key={r.code} reason={r} onSaved={saved} />
      ))}
      <ReasonForm reason={null} onSaved={saved} />
    </Stack>
  )
}
