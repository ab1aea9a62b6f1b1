import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import type { Route } from './+types/home'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** The guard (require-operator) has already let only staff through. */
export function loader({ context }: Route.LoaderArgs) {
  return { name: context.session?.name ?? '' }
}

/**
 * Where the operators' door leads (issue 13: it used to be the "coming soon" page, with no way on to
 * check-in). One card per tool an operator can use today; the box-office sale gets its card when it
 * opens, so no card here leads to a page that says "not available".
 */
export default function OperatorHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const checkInTitle = useId()
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('operatorHome.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('operatorHome.title')}</Title>
          <MutedText>{t('operatorHome.lead', { name: loaderData.name })}</MutedText>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper
            component="section"
            withBorder
            radius="md"
            p="lg"
            aria-labelledby={checkInTitle}
            data-testid="operator-tool"
          >
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h3" id={checkInTitle}>
                {t('operatorHome.checkIn.title')}
              </Title>
              <Text>{t('operatorHome.checkIn.body')}</Text>
              <Button component={Link} to="/assistant/check-in">
                {t('operatorHome.checkIn.open')}
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  )
}
