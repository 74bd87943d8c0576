import { Agent, request } from 'node:http'

/**
 * A bare HTTP client for the benches' floors: node:http with keep-alive, JSON in and out, nothing
 * checked or saved. What the app's push does beyond the requests themselves is the difference.
 */
export async function bareClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true })
  let token = ''
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body)
      const headers = {
        ...(data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      }
      const req = request(new URL(path, baseUrl), { method, agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, json: () => (text === '' ? undefined : (JSON.parse(text) as unknown)) })
        })
      })
      req.on('error', reject)
      req.end(data)
    })
  const signIn = await send('POST', '/api/auth/sign_in', { username: 'manager', password: 'manager', domain: 'demo.pbx.example' })
  token = (signIn.json() as { access_token: string }).access_token
  return { send, close: () => agent.destroy() }
}

/** Runs `work` on 0..count-1, `concurrency` at a time. */
export async function eachLimited(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++)
    }),
  )
}
