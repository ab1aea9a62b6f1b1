import { Container, NativeSelect, Stack, Title } from '@mantine/core'
import type { StaffMember } from '@palco/domain/organisers/staff-contract'
import { useTranslation } from 'react-i18next'
import { data, Form, useSubmit } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { type ManagedOrganiser, staffPath } from '../../features/organiser-staff/api/staff'
import { StaffManager } from '../../features/organiser-staff/components/staff-manager'
import type { Route } from './+types/staff'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/staff?organiser=` (issue 43 part 1): the staff of an organiser the asker owns (any organiser, for
 * a platform admin), and what each may do. Someone who owns none is told so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api<{ organisers: ManagedOrganiser[] }>('/api/backoffice/organisers')
  if (res.status !== 200) throw data(null, { status: 502 })
  const admin = context.session?.roles.includes('admin') ?? false
  const organisers = res.data.organisers.filter((o) => admin || o.role === 'owner')
  const asked = new URL(request.url).searchParams.get('organiser')
  const chosen = organisers.find((o) => o.id === asked) ?? organisers[0]
  if (!chosen) return { organisers, chosen: null, staff: [], myUserId: '' }
  const staff = await context.api<{ staff: StaffMember[] }>(staffPath(chosen.id))
  if (staff.status !== 200) throw data(null, { status: 502 })
  return { organisers, chosen, staff: staff.data.staff, myUserId: context.session?.id ?? '' }
}

export default function StaffBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('staffadmin')
  const submit = useSubmit()
  const { organisers, chosen, staff, myUserId } = loaderData
  return (
    <Container size="sm" px="md" py="xl">
      <title>{`${t('title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <MutedText>{t('intro')}</MutedText>
        </Stack>
        {!chosen && <MutedText>{t('noOrganiser')}</MutedText>}
        {chosen && organisers.length > 1 && (
          // Choosing another organiser loads its staff; without a script, the form's GET does the same.
          <Form method="get" onChange={(e) => submit(e.currentTarget)}>
            <NativeSelect
              name="organiser"
              label={t('organiser')}
              defaultValue={chosen.id}
              data={organisers.map((o) => ({ value: o.id, label: o.name }))}
            />
            <noscript>
              <button type="submit">{t('show')}</button>
            </noscript>
          </Form>
        )}
        {chosen && organisers.length === 1 && (
          <Title order={2} size="h3">
            {chosen.name}
          </Title>
        )}
        {chosen && <StaffManager key={chosen.id} organiserId={chosen.id} staff={staff} myUserId={myUserId} />}
      </Stack>
    </Container>
  )
}
