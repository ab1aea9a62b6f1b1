import type { Db } from '../dialect.js'

/**
 * The demo's organisers (issue 43 part 1): two per country, a sports league and a live-entertainment promoter,
 * each with staff accounts from demo-accounts.ts. Sports events (and the season passes and bundles made of
 * them) are the league's; everything else, tours included, the promoter's. Idempotent: it runs on every start
 * with demo data, and gives an organiser only to events and tours that have none.
 */
const DEMO_ORGANISERS = [
  { country: 'COL', slug: 'liga-andina', name: 'Liga Andina de Fútbol', sports: true },
  { country: 'COL', slug: 'andes-live', name: 'Andes Live Producciones', sports: false },
  { country: 'MEX', slug: 'liga-del-valle', name: 'Liga del Valle', sports: true },
  { country: 'MEX', slug: 'sol-y-luna', name: 'Sol y Luna Entertainment', sports: false },
] as const

/** Who works where, by e-mail (their accounts come from seedDemoAccounts, which runs first). */
export const DEMO_STAFF = [
  { email: 'club@palco.co', organiser: 'liga-andina', role: 'owner' },
  { email: 'taquilla.club@palco.co', organiser: 'liga-andina', role: 'box_office' },
  { email: 'eventos@palco.co', organiser: 'andes-live', role: 'owner' },
  { email: 'club@palco.mx', organiser: 'liga-del-valle', role: 'owner' },
  { email: 'eventos@palco.mx', organiser: 'sol-y-luna', role: 'owner' },
] as const

export async function seedDemoOrganisers(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organisers')
      .values(DEMO_ORGANISERS.map(({ country, slug, name }) => ({ country, slug, name })))
      .onConflict((oc) => oc.columns(['country', 'slug']).doNothing())
      .execute()
    const organisers = await trx.selectFrom('organisers').select(['id', 'country', 'slug']).execute()
    const idOf = (country: string, slug: string) =>
      organisers.find((o) => o.country === country && o.slug === slug)?.id
    const sports = await trx
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'deportes')
      .executeTakeFirst()
    for (const o of DEMO_ORGANISERS) {
      const id = idOf(o.country, o.slug)
      if (!id) continue
      await trx
        .updateTable('events')
        .set({ organiser_id: id })
        .where('country', '=', o.country)
        .where('organiser_id', 'is', null)
        .where((eb) =>
          o.sports
            ? eb('category_id', '=', sports?.id ?? null)
            : eb.or([eb('category_id', 'is', null), eb('category_id', '!=', sports?.id ?? null)]),
        )
        .execute()
      if (!o.sports)
        await trx
          .updateTable('tours')
          .set({ organiser_id: id })
          .where('country', '=', o.country)
          .where('organiser_id', 'is', null)
          .execute()
    }
    for (const s of DEMO_STAFF) {
      const user = await trx
        .selectFrom('auth_users')
        .select('id')
        .where('email', '=', s.email)
        .executeTakeFirst()
      const organiser = DEMO_ORGANISERS.find((o) => o.slug === s.organiser)
      const organiserId = organiser && idOf(organiser.country, organiser.slug)
      if (!user || !organiserId) continue
      await trx
        .insertInto('organiser_staff')
        .values({ organiser_id: organiserId, user_id: user.id, role: s.role })
        .onConflict((oc) => oc.columns(['organiser_id', 'user_id']).doNothing())
        .execute()
    }
  })
}
