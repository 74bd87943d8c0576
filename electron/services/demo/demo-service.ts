import type { DemoStatus } from '../../contract/bridge'

type DemoServer = Omit<DemoStatus, 'profileIds'>

/** A mail of the demo PBX's outbox, as far as the app reads it (its one-time codes). */
type DemoMail = { kind: string; username: string; domain: string; code?: string }

/**
 * The slice of the demo PBX the app needs: a way to start it, its accounts to show, and its outbox
 * (nothing is emailed: the one-time codes it "mails" are read there, to show in the demo's notice).
 */
export interface DemoPbxModule {
  startDemoPbx(options: { port: number }): Promise<{ url: string; outbox: readonly DemoMail[]; stop(): Promise<void> }>
  DEMO_ACCOUNTS: readonly { username: string; password: string; domain: string; role: string }[]
}

/**
 * "Try the demo PBX": starts the built-in demo PBX on a free loopback port the first time it is
 * asked for, and answers the same one afterwards. The demo PBX's code is loaded only then.
 */
export function createDemoService(load: () => Promise<DemoPbxModule>) {
  let running: Promise<{ status: DemoServer; outbox: readonly DemoMail[]; stop(): Promise<void> }> | undefined

  async function start(): Promise<DemoServer> {
    running ??= (async () => {
      const demo = await load()
      const server = await demo.startDemoPbx({ port: 0 })
      return {
        status: { baseUrl: server.url, accounts: demo.DEMO_ACCOUNTS.map((account) => ({ ...account })) },
        outbox: server.outbox,
        stop: () => server.stop(),
      }
    })()
    try {
      return (await running).status
    } catch (error) {
      running = undefined
      throw error
    }
  }

  async function stop(): Promise<void> {
    const current = running
    running = undefined
    if (current) await (await current).stop()
  }

  /**
   * The newest one-time code the running demo "mailed" to a user, when the demo this app started
   * runs at `baseUrl`; null otherwise. It never starts the demo, and an address that is not the
   * running demo's (another one, a real PBX) answers null.
   */
  async function signInCode(baseUrl: string, username: string, domain: string): Promise<string | null> {
    const current = await running?.catch(() => undefined)
    if (!current || current.status.baseUrl !== baseUrl) return null
    const mail = current.outbox.findLast((m) => m.kind === 'otp' && m.code !== undefined && m.username === username && m.domain === domain)
    return mail?.code ?? null
  }

  return { start, stop, signInCode }
}
