import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RENDERER_PAGE,
  RENDERER_SCHEME_PRIVILEGES,
  rendererFilePath,
  rendererFileResponse,
  rendererProtocolHandler,
} from '../../../electron/services/desktop/renderer-files'

// the built renderer as the app serves it at app://renderer (electron/main/desktop.ts registers it)
let base: string
let root: string
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'pbx-renderer-files-'))
  root = join(base, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>PBX Provisioner</title>')
  await writeFile(join(root, 'assets', 'index-abc.js'), 'export const a = 1')
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(root, 'assets', 'notes.txt'), 'not a type the build makes')
  // beside the renderer's folder, where a path that climbs out would land
  await writeFile(join(base, 'secret.json'), '{"token":"x"}')
})
afterAll(() => rm(base, { recursive: true, force: true }))

const handler = () => rendererProtocolHandler(root)
const get = (url: string, init?: RequestInit) => handler()(new Request(url, init))

describe('the renderer scheme', () => {
  it('is standard and secure, with V8 code cache (which Electron allows on standard schemes only)', () => {
    expect(RENDERER_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, codeCache: true })
    expect(RENDERER_PAGE).toBe('app://renderer/index.html')
  })
})

describe('rendererProtocolHandler: the built files, nothing else', () => {
  it('answers the page and its scripts and styles with their types, not to be sniffed', async () => {
    const page = await get('app://renderer/index.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<title>PBX Provisioner</title>')
    const script = await get('app://renderer/assets/index-abc.js')
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await script.text()).toBe('export const a = 1')
    expect((await get('app://renderer/assets/index-abc.css')).headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(await (await get('app://renderer/')).text()).toContain('PBX Provisioner')
  })

  it.each([
    ['another host of the scheme', 'app://other/index.html'],
    ['a file that is not there', 'app://renderer/assets/missing.js'],
    ['a folder', 'app://renderer/assets'],
    ['a type the build does not make', 'app://renderer/assets/notes.txt'],
    ['a climb out, with its dots escaped', 'app://renderer/assets/%2e%2e/%2e%2e/secret.json'],
    ['a climb out, with its slashes escaped', 'app://renderer/..%2f..%2fsecret.json'],
    ['a climb out with backslashes', 'app://renderer/..%5c..%5csecret.json'],
    ['a NUL in the path', 'app://renderer/index.html%00.js'],
    ['a broken escape', 'app://renderer/%E0%A4%A'],
  ])('refuses %s (404)', async (_what, url) => {
    const answer = await get(url)
    expect(answer.status).toBe(404)
    expect(await answer.text()).toBe('')
  })

  it('answers GET and HEAD only', async () => {
    const post = await get('app://renderer/index.html', { method: 'POST', body: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, HEAD')
    const head = await get('app://renderer/index.html', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await head.text()).toBe('')
  })

  it('says when a file changed, and 304 while it has not (a browser keeps what it compiled)', async () => {
    const first = await get('app://renderer/assets/index-abc.js')
    const lastModified = first.headers.get('Last-Modified')
    expect(lastModified).toMatch(/GMT$/)
    expect(first.headers.get('Cache-Control')).toBe('no-cache')
    const again = await get('app://renderer/assets/index-abc.js', { headers: { 'If-Modified-Since': lastModified! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const older = await get('app://renderer/assets/index-abc.js', { headers: { 'If-Modified-Since': new Date(0).toUTCString() } })
    expect(older.status).toBe(200)
  })
})

describe('rendererFilePath', () => {
  it('maps a path to a file under the folder, "/" to the page, and nothing outside it', () => {
    expect(rendererFilePath('/app/renderer', '/')).toBe(join('/app/renderer', 'index.html'))
    expect(rendererFilePath('/app/renderer', '/assets/a.js')).toBe(join('/app/renderer', 'assets', 'a.js'))
    expect(rendererFilePath('/app/renderer', '/../renderer-other/a.js')).toBe(join('/app/renderer', 'renderer-other', 'a.js'))
    expect(rendererFilePath('/app/renderer', '/..%2f..%2fetc%2fpasswd')).toBe(join('/app/renderer', 'etc', 'passwd'))
    expect(rendererFilePath('/app/renderer', '..%2fsecret')).toBeNull()
  })

  it('serves the same answers over the test harness HTTP (rendererFileResponse ignores the origin)', async () => {
    const answer = await rendererFileResponse(root, new Request('http://127.0.0.1:1/assets/index-abc.js'))
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe('export const a = 1')
  })
})
