import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { ORGANISER_ROLES, type OrganiserRole } from '@palco/domain/organisers/staff-access'
import type { StaffMember } from '@palco/domain/organisers/staff-contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountEmailForm } from '../../../components/ui/account-email-form'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { AskFirstButton } from '../../../components/ui/ask-first-button'
import { MutedText } from '../../../components/ui/muted-text'
import { useCall } from '../../../lib/use-call'
import { putStaffMember, removeStaffMember } from '../api/staff'

function RoleSelect(props: { value: OrganiserRole; onChange: (role: OrganiserRole) => void; label: string }) {
  const { t } = useTranslation('staffadmin')
  return (
    <NativeSelect
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value as OrganiserRole)}
      data={ORGANISER_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      style={{ flex: '0 1 200px' }}
    />
  )
}

/**
 * Adds a person by the e-mail of the account they signed up and confirmed (they keep their own password), with
 * a role; an unknown account, or one of the platform's staff, is said next to the field with what to do.
 */
function AddForm(props: { organiserId: string; onSaved: (member: StaffMember) => void }) {
  const { t } = useTranslation('staffadmin')
  const [role, setRole] = useState<OrganiserRole>('read_only')
  return (
    <AccountEmailForm
      title={
        <Title order={2} size="h4">
          {t('add.title')}
        </Title>
      }
      texts={{
        email: t('add.email'),
        emailHint: t('add.emailHint'),
        emailInvalid: t('emailInvalid'),
        submit: t('add.submit'),
        done: t('add.done'),
      }}
      fieldErrorOf={(code) =>
        code === 'AUTH0003'
          ? t('noAccount')
          : code === 'InvalidAccountTypeException'
            ? t('platformStaff')
            : undefined
      }
      onSubmit={async (email) => props.onSaved(await putStaffMember(props.organiserId, email, role))}
      data-testid="add-staff"
    >
      <RoleSelect value={role} onChange={setRole} label={t('role')} />
    </AccountEmailForm>
  )
}

/** One member: their role changed and saved, or taken off the staff after asking once more. */
function MemberCard(props: {
  organiserId: string
  member: StaffMember
  isMe: boolean
  onSaved: (member: StaffMember) => void
  onRemoved: () => void
}) {
  const { t } = useTranslation('staffadmin')
  const { member } = props
  const [role, setRole] = useState(member.role)
  const save = useCall()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void save.run(async () => props.onSaved(await putStaffMember(props.organiserId, member.email, role)))
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="staff-member" data-email={member.email}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5">
              {member.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {member.email}
            </Text>
          </div>
          {props.isMe && <Badge variant="light">{t('you')}</Badge>}
        </Group>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <RoleSelect value={role} onChange={setRole} label={t('roleOf', { name: member.name })} />
            <Button type="submit" variant="default" loading={save.busy} disabled={role === member.role}>
              {t('save')}
            </Button>
          </Group>
        </form>
        {save.done && (
          <Text size="sm" role="status">
            {t('saved')}
          </Text>
        )}
        <ApiErrorAlert error={save.error} />
        <AskFirstButton
          ask={t('removeAsk', { name: member.name })}
          question={t('confirmRemove', { name: member.name })}
          confirm={t('remove')}
          keep={t('keep')}
          onConfirm={async () => {
            await removeStaffMember(props.organiserId, member.userId)
            props.onRemoved()
          }}
        />
      </Stack>
    </Paper>
  )
}

/** What each role may do, so an owner chooses knowing it (packages/domain/src/organisers/staff-access.ts). */
function RoleGuide() {
  const { t } = useTranslation('staffadmin')
  return (
    <Stack gap={4} component="dl" m={0}>
      {ORGANISER_ROLES.map((r) => (
        <div key={r}>
          <Text component="dt" size="sm" fw={600}>
            {t(`roles.${r}`)}
          </Text>
          <Text component="dd" size="sm" c="dimmed" ms={0}>
            {t(`roleDoes.${r}`)}
          </Text>
        </div>
      ))}
    </Stack>
  )
}

/** An organiser's staff (issue 43 part 1): who works for it, as what; its owners add, re-role and remove. */
export function StaffManager(props: { organiserId: string; staff: StaffMember[]; myUserId: string }) {
  const { t } = useTranslation('staffadmin')
  const [staff, setStaff] = useState(props.staff)
  const put = (member: StaffMember) =>
    setStaff((list) =>
      list.some((m) => m.userId === member.userId)
        ? list.map((m) => (m.userId === member.userId ? member : m))
        : [...list, member],
    )
  return (
    <Stack gap="md">
      <AddForm organiserId={props.organiserId} onSaved={put} />
      <Title order={2} size="h4">
        {t('members', { count: staff.length })}
      </Title>
      {staff.length === 0 && <MutedText>{t('none')}</MutedText>}
      {staff.map((m) => (
        <MemberCard
          key={m.userId}
          organiserId={props.organiserId}
          member={m}
          isMe={m.userId === props.myUserId}
          onSaved={put}
          onRemoved={() => setStaff((list) => list.filter((x) => x.userId !== m.userId))}
        />
      ))}
      <Title order={2} size="h4">
        {t('guide')}
      </Title>
      <RoleGuide />
    </Stack>
  )
}
