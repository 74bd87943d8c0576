// Module customization hooks (node:module register): `import … from 'electron'` gets the stub
// (electron.cjs), as an ES module exporting each of Electron's main-process names by name.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const STUB = require.resolve('./electron.cjs')
const STUB_URL = 'pbx-electron-stub:main'

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier === 'electron/main') {
    // a require() through the loader gets the CommonJS stub itself
    if (context.conditions?.includes('require')) return { url: `file://${STUB}`, format: 'commonjs', shortCircuit: true }
    return { url: STUB_URL, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

export async function load(url, context, nextLoad) {
  if (url !== STUB_URL) return nextLoad(url, context)
  const { main } = require('./electron-names.cjs')
  const source = [
    `import { createRequire } from 'node:module'`,
    `const electron = createRequire(${JSON.stringify(STUB)})(${JSON.stringify(STUB)})`,
    ...main.map((name) => `export const ${name} = electron.${name}`),
    'export default electron',
  ].join('\n')
  return { format: 'module', source, shortCircuit: true }
}
