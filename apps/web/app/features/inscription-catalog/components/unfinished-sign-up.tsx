import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { UnfinishedSignUp } from '../model/unfinished'

/**
 * The fan's held, unpaid sign-up of this event: what it holds and until when, a way back to its form, and
 * a way to give the places back. The release is a plain form post to the page, so it works before the
 * page's script has run.
 */
export function UnfinishedSignUpNotice(props: {
  unfinished: UnfinishedSignUp
  continueTo: string
  locale: Locale
  timeZone: string
}) {
  const { t } = useTranslation('inscriptions')
  const { unfinished } = props
  const what = unfinished.categories
    .map((c) => t('detail.unfinished.category', { name: c.name, count: c.count }))
    .join(', ')
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="status"
      data-testid="unfinished-sign-up"
      style={{ borderColor: 'var(--mantine-color-blue-7)' }}
    >
      <Stack gap="sm">
        <Text fw={700}>{t('detail.unfinished.title')}</Text>
        <Text>
          {t('detail.unfinished.holds', {
            what,
            time: formatTime(unfinished.expiresAt, props.locale, props.timeZone),
          })}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={props.continueTo} data-testid="unfinished-continue">
            {t('detail.unfinished.continue')}
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="release" />
            <input type="hidden" name="reservation" value={unfinished.id} />
            <Button type="submit" variant="default" data-testid="unfinished-release">
              {t('detail.unfinished.release')}
            </Button>
          </Form>
        </Group>
      </Stack>
    </Paper>
  )
}
