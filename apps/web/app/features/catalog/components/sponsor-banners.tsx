import { Anchor, Image, SimpleGrid, Stack, Title } from '@mantine/core'
import type { SponsorBanner } from '@palco/domain/catalog/event-detail'
import { useTranslation } from 'react-i18next'

function Banner({ banner }: { banner: SponsorBanner }) {
  const { t } = useTranslation('catalog')
  const image = (
    <Image src={banner.imageUrl} alt={banner.name} radius="md" loading="lazy" h={110} fit="contain" />
  )
  if (!banner.linkUrl) return <div>{image}</div>
  return (
    <Anchor
      href={banner.linkUrl}
      target="_blank"
      rel="sponsored noopener noreferrer"
      aria-label={t('event.sponsors.visit', { name: banner.name })}
    >
      {image}
    </Anchor>
  )
}

/** Sponsors in their order; a linked banner opens the sponsor's site in a new tab, marked as sponsored. */
export function SponsorBanners({ banners }: { banners: SponsorBanner[] }) {
  const { t } = useTranslation('catalog')
  if (banners.length === 0) return null
  return (
    <Stack component="section" aria-labelledby="sponsors-heading" gap="sm" data-testid="sponsors">
      <Title order={2} id="sponsors-heading" size="h3">
        {t('event.sponsors.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {banners.map((b) => (
          <Banner key={b.id} banner={b} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
