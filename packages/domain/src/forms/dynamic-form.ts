import { z } from 'zod'

// Spec §2: inscription form field types.
export const DYNAMIC_FIELD_TYPES = [
  'TEXT',
  'TEXTAREA',
  'EMAIL',
  'NUMBER',
  'SELECT',
  'READONLY',
  'PHONE',
  'CHECKBOX',
  'DATE',
  'DATETIME',
  'COMBO_BOX',
  'RADIO_GROUP',
  'FILE',
  'PASSWORD',
  'URL',
  'TIME',
] as const
export type DynamicFieldType = (typeof DYNAMIC_FIELD_TYPES)[number]
export const dynamicFieldTypeSchema = /* @__PURE__ */ z.enum(DYNAMIC_FIELD_TYPES)

export type DynamicFieldDefault = string | boolean

// Spec §2: read-only fields are shown, not submitted, so they get no value; checkboxes start unticked and
// everything else starts empty (a NUMBER too, so the input is blank rather than 0). A form definition's own
// `default` (already checked to fit its field by formDefinitionSchema) wins over these.
export const dynamicFormDefaults = (
  fields: readonly { name: string; type: DynamicFieldType; default?: DynamicFieldDefault | undefined }[],
): Record<string, DynamicFieldDefault> => {
  const defaults: Record<string, DynamicFieldDefault> = {}
  for (const field of fields) {
    if (field.type === 'READONLY') continue
    defaults[field.name] = field.default ?? (field.type === 'CHECKBOX' ? false : '')
  }
  return defaults
}
