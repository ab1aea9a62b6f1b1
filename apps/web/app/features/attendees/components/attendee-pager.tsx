import { Pagination } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { attendeesHref } from '../model/attendee-view'

/** The attendee pages (the first is 0 in the address), keeping the search. */
export function AttendeePager(props: { eventId: string; q: string; page: number; totalPages: number }) {
  const { t } = useTranslation('attendees')
  const navigate = useNavigate()
  if (props.totalPages <= 1) return null
  return (
    <nav aria-label={t('pages.label')}>
      <Pagination
        total={props.totalPages}
        value={props.page + 1}
        onChange={(n) => void navigate(attendeesHref(props.eventId, { q: props.q, page: n - 1 }))}
        siblings={1}
        size="sm"
        // The arrows are icons only: name them for screen readers.
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('pages.previous') }
            : control === 'next'
              ? { 'aria-label': t('pages.next') }
              : {}
        }
        getItemProps={(page) => ({ 'aria-label': t('pages.page', { page }) })}
      />
    </nav>
  )
}
