import type { Db } from '../../db/dialect.js'
import type { QueueDefinition } from '../jobs/job-runner.js'
import { expireLapsedHolds, freeLapsedPlaces, notifySeatChanges } from './holds.repository.js'
import { changePayloads } from './live-feed.js'

/**
 * One pass: frees lapsed places, marks the holds the clock ended EXPIRED, and tells open maps; returns how
 * many places were freed. Only tidies: a new hold already treats a lapsed place as free (DESIGN §5).
 */
export async function sweepOnce(db: Db): Promise<number> {
  const freed = await freeLapsedPlaces(db, 5000)
  await expireLapsedHolds(db)
  for (const payload of changePayloads(freed, 'A')) await notifySeatChanges(db, payload)
  return freed.length
}

/**
 * Hold-expiry notices as a periodic job (issue 42 part 3): a tick every two seconds, one at a time across
 * every process. Idempotent: `freeLapsedPlaces` frees only places still HELD past their hold's end, and
 * `expireLapsedHolds` moves only holds still in a status the clock ends, so a second run frees nothing twice;
 * a map told twice of the same free seat draws it once.
 */
export function holdSweepJob(db: Db): QueueDefinition {
  return {
    name: 'holds-sweep',
    everyMs: 2000,
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 5 * 60,
    handle: async () => {
      await sweepOnce(db)
    },
  }
}
