import type { DemoStatus } from '../../contract/bridge'

type DemoServer = Omit<DemoStatus, 'profileIds'>

/** The slice of the demo PBX the app needs: a way to start it, and its accounts to show. */
export interface DemoPbxModule {
  startDemoPbx(options: { port: number }): Promise<{ url: string; stop(): Promise<void> }>
  DEMO_ACCOUNTS: readonly { username: string; password: string; domain: string; role: string }[]
}

/**
 * "Try the demo PBX": starts the built-in demo PBX on a free loopback port the first time it is
 * asked for, and answers the same one afterwards. The demo PBX's code is loaded only then.
 */
export function createDemoService(load: () => Promise<DemoPbxModule>) {
  let running: Promise<{ status: DemoServer; stop(): Promise<void> }> | undefined

  async function start(): Promise<DemoServer> {
    running ??= (async () => {
      const demo = await load()
      const server = await demo.startDemoPbx({ port: 0 })
      return {
        status: { baseUrl: server.url, accounts: demo.DEMO_ACCOUNTS.map((account) => ({ ...account })) },
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

  return { start, stop }
}
