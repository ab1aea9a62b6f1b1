import { Anchor, Button, Group, TextInput } from '@mantine/core'
import { ATTENDEE_SEARCH_MAX } from '@palco/domain/reports/attendees'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { attendeesPath } from '../model/attendee-view'

/**
 * The attendee search (issue 43 part 4): a plain GET form, so the address carries the search (a reload or a
 * shared link shows the same rows) and it works before the page's script has loaded. A new search starts at
 * the first page.
 */
export function AttendeeSearch(props: { eventId: string; q: string }) {
  const { t } = useTranslation('attendees')
  return (
    <Form method="get" role="search" aria-label={t('search.label')} data-testid="attendee-search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={t('search.label')}
          description={t('search.hint')}
          defaultValue={props.q}
          maxLength={ATTENDEE_SEARCH_MAX}
          style={{ flex: '1 1 16rem' }}
          data-testid="attendee-search-input"
        />
        <Button type="submit">{t('search.submit')}</Button>
        {props.q && (
          <Anchor component={Link} to={attendeesPath(props.eventId)} fw={600}>
            {t('search.clear')}
          </Anchor>
        )}
      </Group>
    </Form>
  )
}
