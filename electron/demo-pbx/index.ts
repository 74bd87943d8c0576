import { isIP } from 'node:net'
import { buildRouter } from './app'
import { initialNotification, loadSeed } from './seed-data'
import { DemoState, type NotificationVariant, type OutboxMail, type PhoneActionRecord } from './state'
import { DemoServer, handleRequest, type Knobs } from './server'

/**
 * The strict in-process demo PBX (see README.md in this folder). Imports the contract and Node's
 * built-ins only.
 */

export { DEMO_ACCOUNTS, type DemoAccount } from './seed-data'
export type { NotificationVariant, OutboxMail, PhoneActionRecord } from './state'

export interface DemoPbxOptions {
  /** 0 = any free port (default) */
  port?: number
  /** a loopback address (default 127.0.0.1) */
  host?: string
  /** seconds an access token lives (default 1800) */
  tokenTtl?: number
  /** seconds a refresh token lives (default 86400) */
  refreshTtl?: number
  /** delay of every answer in ms (default 0) */
  latencyMs?: number
  /** 'current' (default) or 'legacy' notification settings */
  notificationVariant?: NotificationVariant
  /** load the seed data (default true); false: only the accounts */
  seed?: boolean
  /** with the seed data: how many users Demo Company has, with extensions from 1001 (default 250) */
  users?: number
  /** serve HTTPS with this certificate and key (PEM), e.g. a self-signed one */
  tls?: { cert: string; key: string }
  /** a DECT member list refused for a clash (409) says only that, naming no item or base (default false) */
  unnamedConflicts?: boolean
}

export interface DemoPbxFaults {
  /** the next `count` requests answer `status` (default 503) with code UNKNOWN */
  failNext(count: number, status?: number): void
  /** the next `count` requests have their connection destroyed, no answer */
  dropNext(count: number): void
  /** stop listening (connections refused); open connections are cut */
  down(): Promise<void>
  /** listen again on the same port with the same data */
  up(): Promise<void>
  /** delay every answer by `ms` */
  setLatency(ms: number): void
}

export interface DemoPbx {
  /** e.g. 'http://127.0.0.1:40123' (no trailing slash) */
  readonly url: string
  readonly port: number
  /** mails the PBX "sent", newest last */
  readonly outbox: OutboxMail[]
  /** re-provisions and reboots the PBX answered 200, oldest first (the demo has no device to restart) */
  readonly phoneActions: readonly PhoneActionRecord[]
  readonly faults: DemoPbxFaults
  /** count of requests received so far */
  readonly requests: number
  /** every access and refresh token handed out so far (for tests that look for leaked secrets) */
  readonly issuedTokens: readonly string[]
  stop(): Promise<void>
}

const isLoopback = (host: string): boolean => {
  if (host === 'localhost') return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}

const positive = (name: string, v: number | undefined, fallback: number): number => {
  if (v === undefined) return fallback
  if (!Number.isFinite(v) || v <= 0) throw new Error(`startDemoPbx: ${name} must be a positive number of seconds, not ${v}`)
  return v
}

export async function startDemoPbx(options: DemoPbxOptions = {}): Promise<DemoPbx> {
  const host = options.host ?? '127.0.0.1'
  if (!isLoopback(host)) throw new Error(`startDemoPbx: host must be a loopback address (127.0.0.1, ::1, localhost), not ${host}`)
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`startDemoPbx: port must be 0..65535, not ${port}`)
  const variant = options.notificationVariant ?? 'current'
  if (variant !== 'current' && variant !== 'legacy') throw new Error(`startDemoPbx: notificationVariant must be current or legacy`)
  const seed = options.seed ?? true

  const state = new DemoState(
    {
      tokenTtl: positive('tokenTtl', options.tokenTtl, 1800),
      refreshTtl: positive('refreshTtl', options.refreshTtl, 86400),
      notificationVariant: variant,
      conflictsNamed: options.unnamedConflicts !== true,
    },
    initialNotification(variant === 'legacy', seed),
  )
  const users = options.users ?? 250
  if (!Number.isInteger(users) || users < 0 || users > 8999) throw new Error(`startDemoPbx: users must be a whole number 0..8999, not ${users}`)
  loadSeed(state, seed, users)

  const knobs: Knobs = { latencyMs: Math.max(0, options.latencyMs ?? 0), failNext: 0, failStatus: 503, dropNext: 0, requests: 0 }
  const router = buildRouter()
  const server = new DemoServer(
    host,
    (req, res) => {
      handleRequest(state, router, knobs, req, res).catch(() => {
        if (!res.headersSent) res.destroy()
      })
    },
    options.tls,
  )
  const actualPort = await server.listen(port)
  const urlHost = isIP(host) === 6 ? `[${host}]` : host
  const url = `${options.tls ? 'https' : 'http'}://${urlHost}:${actualPort}`
  state.baseUrl = url

  const count = (name: string, n: number): number => {
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: count must be a whole number ≥ 0, not ${n}`)
    return n
  }

  const faults: DemoPbxFaults = {
    failNext(n, status = 503) {
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new Error(`failNext: status must be 400..599, not ${status}`)
      knobs.failNext = count('failNext', n)
      knobs.failStatus = status
    },
    dropNext(n) {
      knobs.dropNext = count('dropNext', n)
    },
    down: () => server.close(),
    up: async () => {
      await server.listen(actualPort)
    },
    setLatency(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`setLatency: ms must be ≥ 0, not ${ms}`)
      knobs.latencyMs = ms
    },
  }

  return {
    url,
    port: actualPort,
    outbox: state.outbox,
    phoneActions: state.phoneActions,
    faults,
    get requests() {
      return knobs.requests
    },
    issuedTokens: state.issuedTokens,
    stop: () => server.close(),
  }
}
