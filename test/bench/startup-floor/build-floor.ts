import { resolve } from 'node:path'
import { build, loadConfigFromFile, type PluginOption } from 'vite'

/**
 * Builds the two floor pages (vue.html, naive.html) into `outDir` as the renderer is built: with
 * the renderer's own plugins (electron.vite.config.ts: Vue without its Options API, the browser's
 * own ResizeObserver), minified.
 */
export async function buildFloorPages(outDir: string): Promise<void> {
  const root = resolve(import.meta.dirname)
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, resolve(root, '../../../electron.vite.config.ts'))
  const renderer = (loaded?.config as { renderer?: { plugins?: PluginOption[] } } | undefined)?.renderer
  if (!renderer?.plugins) throw new Error('electron.vite.config.ts has no renderer plugins')
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: renderer.plugins,
    build: {
      outDir,
      emptyOutDir: true,
      minify: 'oxc',
      chunkSizeWarningLimit: 800,
      rollupOptions: { input: { vue: resolve(root, 'vue.html'), naive: resolve(root, 'naive.html') } },
    },
  })
}
