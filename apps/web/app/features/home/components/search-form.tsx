import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import type { Category, SportOrganization } from '@palco/domain/catalog/event-detail'
import { SPORT_EVENT_TYPES } from '@palco/domain/catalog/vocabulary'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { HomeFilters } from '../model/search-filters'
import classes from './search-form.module.css'

/**
 * The home page's search: a plain GET form, so it works before (or without) JavaScript and every result
 * page has a shareable URL. The sport list offers sports and, below them, the country's teams.
 */
export function SearchForm(props: {
  filters: HomeFilters
  categories: Category[]
  organizations: SportOrganization[]
  active: boolean
}) {
  const { t } = useTranslation('home')
  const { filters } = props
  const sportOptions = [
    { value: '', label: t('search.allSports') },
    {
      group: t('search.sportsGroup'),
      items: SPORT_EVENT_TYPES.map((type) => ({ value: type, label: t(`eventType.${type}`) })),
    },
    ...(props.organizations.length > 0
      ? [
          {
            group: t('search.teamsGroup'),
            items: props.organizations.map((o) => ({ value: o.code, label: o.name })),
          },
        ]
      : []),
  ]
  return (
    <Form method="get" action="/" role="search" aria-label={t('search.label')} data-testid="search-form">
      <div className={classes.fields}>
        <TextInput
          name="q"
          type="search"
          label={t('search.query')}
          placeholder={t('search.queryPlaceholder')}
          defaultValue={filters.q ?? ''}
          maxLength={100}
          className={classes.query}
        />
        <NativeSelect
          name="category"
          label={t('search.category')}
          defaultValue={filters.category ?? ''}
          data={[
            { value: '', label: t('search.allCategories') },
            ...props.categories.map((c) => ({ value: c.slug, label: c.name })),
          ]}
        />
        <NativeSelect
          name="sport"
          label={t('search.sport')}
          defaultValue={filters.sport ?? ''}
          data={sportOptions}
        />
        <Group gap="sm" className={classes.actions} wrap="nowrap">
          <Button type="submit">{t('search.submit')}</Button>
          {props.active && (
            <Button component={Link} to="/" variant="subtle">
              {t('search.clear')}
            </Button>
          )}
        </Group>
      </div>
    </Form>
  )
}
