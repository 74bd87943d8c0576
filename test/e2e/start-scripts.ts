import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The built renderer (npx electron-vite build, which npm test runs first). */
export const RENDERER_OUT = resolve('out/renderer')

/** The module scripts the built index.html starts, in its order, as paths under `out` (`assets/…`). */
export function startScripts(out = RENDERER_OUT): string[] {
  const html = readFileSync(join(out, 'index.html'), 'utf8')
  return [...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"/g)].map((match) => match[1]!)
}
