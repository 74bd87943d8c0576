import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `npm run demo-pbx` as a newcomer runs it (issue 44): the banner says how to stop it, and the
// PID they have, npm's, stops it too. npm does not pass a kill on to the script it runs, and the
// demo used to keep serving after it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

async function reachable(url: string): Promise<boolean> {
  return fetch(`${url}/api/info`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  )
}

describe('npm run demo-pbx', () => {
  it('says how to stop it, and stops when the npm process started for it is killed', { timeout: 40_000 }, async () => {
    const npm = spawn('npm', ['run', '--silent', 'demo-pbx', '--', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let banner = ''
    while (!/listening on \S+ .*\n/.test(banner)) {
      const [chunk] = (await Promise.race([once(npm.stdout, 'data'), once(npm, 'exit').then(() => [Buffer.from('exited\n')])])) as [Buffer]
      banner += chunk.toString()
      if (banner.includes('exited')) throw new Error(`the demo PBX did not start: ${banner}`)
    }
    const [, url, pid] = /listening on (\S+) \(Ctrl-C, or kill (\d+), stops it\)/.exec(banner) ?? []
    expect(url, banner).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Number(pid)).not.toBe(npm.pid)
    expect(await reachable(url!)).toBe(true)

    npm.kill('SIGTERM')
    const deadline = Date.now() + 5000
    while ((await reachable(url!)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await reachable(url!), 'the demo PBX still answers after npm was killed').toBe(false)
  })
})
