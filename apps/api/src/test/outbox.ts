import type { Db } from '../db/dialect.js'

/** The newest code sent to this email or phone, read from the outbox as a fan would read their inbox. */
export async function latestCode(db: Db, recipient: string): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select(['text_body'])
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const code = row?.text_body.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code sent to ${recipient}`)
  return code
}
