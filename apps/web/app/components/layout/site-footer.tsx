import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { Country } from '@palco/domain/locale/country'
import type { PublicSiteConfig } from '@palco/domain/web/server-context'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import classes from './site-footer.module.css'

/** Support contact per country; the app-store links exist for the Colombian app only (spec §9). */
export function SiteFooter({ country, config }: { country: Country; config: PublicSiteConfig }) {
  const { t } = useTranslation()
  const support = config.support[country]
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('footer.support')}
            </Title>
            <Anchor href={`mailto:${support.email}`} data-testid="support-email">
              {support.email}
            </Anchor>
            <Anchor
              href={support.chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="support-chat"
            >
              {t('footer.chat')}
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('footer.legal')}
            </Title>
            <Anchor component={Link} to="/tos">
              {t('footer.tos')}
            </Anchor>
            <Anchor component={Link} to="/privacy-policies">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to="/faqs">
              {t('footer.faqs')}
            </Anchor>
            <Anchor component={Link} to="/about-us">
              {t('footer.about')}
            </Anchor>
          </Stack>
          {country === 'COL' && (
            <Stack gap="xs" data-testid="store-links">
              <Title order={2} size="h5">
                {t('footer.getTheApp')}
              </Title>
              <Group gap="sm">
                <Anchor href={config.stores.android} target="_blank" rel="noopener noreferrer">
                  {t('footer.android')}
                </Anchor>
                <Anchor href={config.stores.ios} target="_blank" rel="noopener noreferrer">
                  {t('footer.ios')}
                </Anchor>
              </Group>
            </Stack>
          )}
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="xl">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  )
}
