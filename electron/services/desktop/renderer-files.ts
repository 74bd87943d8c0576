import { readFile, stat } from 'node:fs/promises'
import { extname, join, posix, sep } from 'node:path'

/**
 * How the built renderer reaches the window: through a scheme of the app's own,
 * `app://renderer/index.html`, instead of `file://` (Electron's security checklist: "do not use
 * file://"). electron/main/desktop.ts registers the scheme with these privileges and answers its
 * requests with `rendererProtocolHandler`; the Chromium test harness serves the same files with
 * `rendererFileResponse` over loopback HTTP (test/e2e/static-server.ts).
 *
 * - `standard`: the page has an origin of its own, so the CSP's 'self', relative URLs and module
 *   scripts work as on the web, and navigation can be held to that one origin.
 * - `secure`: a secure context, as https is.
 * - `codeCache`: V8 may keep the code it compiled for the next start (`file://` gets no code cache
 *   at all). V8 writes a script's cache on its second load and a later start reads it back, once
 *   Chromium's background resource fetch is off (chromium-features.ts, which the app turns off:
 *   with it on, the cache was never read back). In Debian's Chromium over loopback HTTP:
 *   test/e2e/code-cache.spec.ts and the bench's later start (test/bench/renderer-startup.ts,
 *   issue 17); in Electron not measured (no binary here).
 *
 * Only files of the build are answered, only to GET and HEAD, only with the content types the
 * build makes; nothing outside the renderer's folder, whatever the path says.
 */
export const RENDERER_SCHEME = 'app'
export const RENDERER_HOST = 'renderer'
export const RENDERER_PAGE = `${RENDERER_SCHEME}://${RENDERER_HOST}/index.html`
export const RENDERER_SCHEME_PRIVILEGES = { standard: true, secure: true, codeCache: true } as const

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers })

/** The file under `root` that `pathname` names ('/' is index.html), or null if it names none there. */
export function rendererFilePath(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const relative = posix.normalize(decoded === '/' ? '/index.html' : decoded).replace(/^\/+/, '')
  const file = join(root, relative)
  return relative !== '' && !relative.startsWith('..') && file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

/**
 * The answer to `request` from the built renderer in `root` (its path only: the caller says which
 * origin it serves). Each file is sent with its modification time and `no-cache`: a browser asks
 * for it again on every load, as the window asks the app's scheme, and gets 304 while it is
 * unchanged (only a browser's HTTP cache reads these headers, as in the bench's server; the app's
 * scheme has none, and V8 checks its code cache against the script's text). Unreadable files
 * answer 500.
 */
export async function rendererFileResponse(root: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, { Allow: 'GET, HEAD' })
  const file = rendererFilePath(root, new URL(request.url).pathname)
  const type = file === null ? undefined : CONTENT_TYPES[extname(file).toLowerCase()]
  if (file === null || type === undefined) return answer(404)
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return answer(404)
  const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString()
  const headers = { 'Content-Type': type, 'Last-Modified': lastModified, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }
  if (request.headers.get('If-Modified-Since') === lastModified) return answer(304, headers)
  if (request.method === 'HEAD') return answer(200, headers)
  const body = await readFile(file).catch(() => null)
  return body === null ? answer(500) : new Response(body, { status: 200, headers })
}

/** The app scheme's handler (Electron's `protocol.handle`): the renderer's files, at its one host. */
export function rendererProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    if (url.protocol !== `${RENDERER_SCHEME}:` || url.host !== RENDERER_HOST) return answer(404)
    return rendererFileResponse(root, request)
  }
}
