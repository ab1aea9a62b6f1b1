import { z } from 'zod'

/** The inscriptions' API (issue 17): a reservation's participant forms, and the organiser's side. */

const ageRuleSchema = z.object({ minAge: z.int().nullable(), maxAge: z.int().nullable() })

/**
 * A form definition as the API hands it out (checked by `formDefinitionSchema` when it was saved): the page
 * renders it and builds the same validator from it as the API (`formOfView`, in the web app).
 */
const definitionOutSchema = z.object({ fields: z.array(z.record(z.string(), z.unknown())) })

/** One participant's answers as the page sends them: raw values, judged by the form's validator. */
const rawAnswersSchema = z.record(z.string().max(40), z.unknown())

/**
 * `GET /api/checkout/inscription/form?reservation=`: the event's form, one entry per place held (its
 * category and age rule), and what the fan saved so far.
 */
export const inscriptionFormViewSchema = z.object({
  reservationId: z.uuid(),
  event: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    startsAt: z.iso.datetime(),
    timeZone: z.string(),
  }),
  /** Null: this event asks nothing of its participants (its checkout goes on without a form). */
  definition: definitionOutSchema.nullable(),
  participants: z.array(z.object({ seq: z.int(), zoneName: z.string(), ageRule: ageRuleSchema.nullable() })),
  saved: z.array(rawAnswersSchema),
  complete: z.boolean(),
})
export type InscriptionFormView = z.infer<typeof inscriptionFormViewSchema>

/**
 * `PUT /api/checkout/inscription/form`: the participants' answers, saved as a draft as the fan types, or
 * `submit`ted — then every participant's answers must pass the form's rules and their category's age rule,
 * else 422 with each problem named `participants.<seq>.<field>`, and nothing saved is lost.
 */
export const saveInscriptionBodySchema = z.object({
  reservationId: z.uuid(),
  participants: z.array(rawAnswersSchema).max(20),
  submit: z.boolean(),
})
export type SaveInscriptionBody = z.infer<typeof saveInscriptionBodySchema>

export const saveInscriptionResultSchema = z.object({ complete: z.boolean(), savedAt: z.iso.datetime() })

/** The organiser's form of an event and its categories' age rules (`PUT /api/admin/events/:id/inscription-form`). */
export const inscriptionFormAdminBodySchema = z.object({
  /** Checked with `formDefinitionSchema` by the API (cycles of conditions refused). */
  definition: z.object({ fields: z.array(z.record(z.string(), z.unknown())) }),
  ageRules: z
    .array(
      z.object({
        zoneId: z.uuid(),
        minAge: z.int().min(0).max(120).nullable(),
        maxAge: z.int().min(0).max(120).nullable(),
      }),
    )
    .max(50),
})
export type InscriptionFormAdminBody = z.infer<typeof inscriptionFormAdminBodySchema>

/** How many of an event's latest entries the back office lists; the CSV has them all. */
export const LATEST_ENTRIES_LIMIT = 50

/** `GET /api/admin/events/:id/inscriptions`: how many participants stand, and the latest, newest first. */
export const inscriptionEntriesSchema = z.object({
  total: z.int().min(0),
  latest: z.array(
    z.object({
      orderCode: z.string(),
      status: z.string(),
      zoneName: z.string(),
      participantName: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
})
export type InscriptionEntries = z.infer<typeof inscriptionEntriesSchema>
