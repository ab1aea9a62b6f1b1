import { formDefinitionSchema } from '@palco/domain/forms/form-definition'

/** The participants' tests' form: a name, and a team's name asked only of those who tick "team". */
export const definition = formDefinitionSchema.parse({
  fields: [
    { name: 'full_name', type: 'TEXT', label: { es: 'Nombre', en: 'Name' }, required: true },
    { name: 'team', type: 'CHECKBOX', label: { es: 'Equipo', en: 'Team' } },
    {
      name: 'team_name',
      type: 'TEXT',
      label: { es: 'Nombre del equipo', en: 'Team name' },
      required: true,
      visibleWhen: { field: 'team', equals: true },
    },
  ],
})
export const context = { country: 'COL' as const, timeZone: 'America/Bogota' }
