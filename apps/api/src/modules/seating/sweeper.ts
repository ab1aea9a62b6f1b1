import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
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

/** Runs in every process; SKIP LOCKED keeps processes from fighting over the same rows. */
export function startSweeper(db: Db, log: FastifyBaseLogger, intervalMs = 2000) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sweepOnce(db)
      .catch((err) => log.error({ err }, 'hold sweeper failed'))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
