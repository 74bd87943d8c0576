// The names Electron's module exports, read from its own typings (node_modules/electron's
// electron.d.ts): the main process gets its `Main` and `Common` namespaces, a (sandboxed) preload
// its `Renderer` and `Common` ones. The stub exports exactly these, so a built file that imports a
// name Electron does not have fails to link here as it would in the app.
const { readFileSync } = require('node:fs')

const typings = readFileSync(require.resolve('electron/electron.d.ts'), 'utf8')

/** The `const` and `class` names declared directly in `namespace <name> { … }`. */
function namespaceNames(name) {
  const lines = typings.split('\n')
  const start = lines.indexOf(`  namespace ${name} {`)
  if (start < 0) throw new Error(`electron.d.ts has no namespace ${name}: the stub's names need a new reader`)
  const names = []
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('  }')) break
    const declared = /^ {4}(?:const|class) (\w+)/.exec(line)
    if (declared) names.push(declared[1])
  }
  return names
}

const common = namespaceNames('Common')
module.exports = {
  main: [...new Set([...namespaceNames('Main'), ...common])],
  renderer: [...new Set([...namespaceNames('Renderer'), ...common])],
}
