import { resolve } from 'node:path'
import { build, loadConfigFromFile, type UserConfig } from 'vite'

/**
 * Builds the two floor pages (vue.html, naive.html) into `outDir` as the renderer is built: each
 * page alone (a page's chunks hold only what it loads), with the renderer's own plugins and aliases (Vue
 * without its Options API, the browser's own ResizeObserver), minified, cut into the renderer's
 * chunks (Vue, the other libraries, the page's code): electron.vite.config.ts.
 */
export async function buildFloorPages(outDir: string): Promise<void> {
  const root = resolve(import.meta.dirname)
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, resolve(root, '../../../electron.vite.config.ts'))
  const renderer = (loaded?.config as { renderer?: UserConfig } | undefined)?.renderer
  const output = renderer?.build?.rollupOptions?.output
  if (!renderer?.plugins || !output || Array.isArray(output)) throw new Error('electron.vite.config.ts has no renderer plugins or output')
  for (const [index, page] of ['vue', 'naive'].entries()) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: renderer.plugins,
      resolve: renderer.resolve,
      build: {
        outDir,
        emptyOutDir: index === 0,
        minify: 'oxc',
        chunkSizeWarningLimit: 800,
        rollupOptions: { input: { [`floor-${page}`]: resolve(root, `${page}.html`) }, output },
      },
    })
  }
}
