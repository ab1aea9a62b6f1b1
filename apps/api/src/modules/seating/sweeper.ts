import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import { notifySeatChanges, sweepExpired } from './holds.repository.js'
import { feedPayloads } from './live-feed.js'

/** One pass: frees expired places and tells open maps; returns how many were freed. */
export async function sweepOnce(db: Db): Promise<number> {
  const freed = await sweepExpired(db, 5000)
  if (freed.length === 0) return 0
  const version = Math.max(...freed.map((f) => Number(f.change_seq)))
  for (const payload of feedPayloads(version, freed, 'A')) await notifySeatChanges(db, payload)
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
