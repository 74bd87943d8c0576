import { parseArgs } from 'node:util'
import { startDemoPbx } from './index'

/**
 * Standalone starter: `npm run demo-pbx -- --port 8901 [--host 127.0.0.1] [--token-ttl 1800]
 * [--refresh-ttl 86400] [--latency-ms 0] [--legacy-notification] [--empty] [--users 250]
 * [--unnamed-conflicts]`.
 */

const number = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n)) {
    console.error(`--${name} must be a number, not ${v}`)
    process.exit(2)
  }
  return n
}

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'token-ttl': { type: 'string' },
      'refresh-ttl': { type: 'string' },
      'latency-ms': { type: 'string' },
      'legacy-notification': { type: 'boolean' },
      empty: { type: 'boolean' },
      users: { type: 'string' },
      'unnamed-conflicts': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) {
    console.log(
      'npm run demo-pbx -- --port 8901 [--host 127.0.0.1] [--token-ttl 1800] [--refresh-ttl 86400] [--latency-ms 0] [--legacy-notification] [--empty] [--users 250] [--unnamed-conflicts]',
    )
    return
  }
  const pbx = await startDemoPbx({
    port: number('port', values.port) ?? 0,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values['token-ttl'] !== undefined ? { tokenTtl: number('token-ttl', values['token-ttl']) } : {}),
    ...(values['refresh-ttl'] !== undefined ? { refreshTtl: number('refresh-ttl', values['refresh-ttl']) } : {}),
    latencyMs: number('latency-ms', values['latency-ms']) ?? 0,
    notificationVariant: values['legacy-notification'] ? 'legacy' : 'current',
    seed: !values.empty,
    ...(values.users !== undefined ? { users: number('users', values.users) } : {}),
    unnamedConflicts: values['unnamed-conflicts'] === true,
  })
  console.log(`Demo PBX listening on ${pbx.url} (Ctrl-C, or kill ${process.pid}, stops it)`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the demo PBX`)
    pbx.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  // started by `npm run demo-pbx`, the PID a user has is npm's, and npm does not pass a kill on:
  // when the process that started the demo is gone, the demo stops too (checked each second)
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop('the process that started it ended')
  }, 1000).unref()
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
