import PinoPretty from 'pino-pretty'

// Characters that could move the cursor or recolour a terminal; tabs and newlines stay (pino-pretty's own rule).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove.
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

interface Entry {
  msg?: unknown
  reqId?: unknown
  req?: { method?: unknown; url?: unknown }
  res?: { statusCode?: unknown }
  responseTime?: unknown
}

/** `[id] incoming request GET /path`, `[id] request completed 200 in 4.2 ms`, or the message alone. */
export function entryLine(entry: Entry): string {
  const parts: string[] = []
  if (entry.reqId !== undefined) parts.push(`[${entry.reqId}]`)
  if (entry.msg !== undefined) parts.push(String(entry.msg))
  if (entry.req?.method !== undefined) parts.push(`${entry.req.method} ${entry.req.url}`)
  if (entry.res?.statusCode !== undefined) {
    parts.push(String(entry.res.statusCode))
    if (typeof entry.responseTime === 'number') parts.push(`in ${entry.responseTime.toFixed(1)} ms`)
  }
  return parts.join(' ').replace(UNSAFE, '')
}

/** What a request's entry says goes into its line; any other field (an error, a signal) follows on its own. */
export const prettyOptions: PinoPretty.PrettyOptions = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat: (log) => entryLine(log as Entry),
}

/** pino's transport target: it loads this file in its worker thread, where options cannot carry functions. */
export default function prettyLog(options: PinoPretty.PrettyOptions = {}) {
  return PinoPretty({ ...prettyOptions, ...options })
}
