// `node --import ./record-modules.mjs <script>`: every module file the script loads is appended,
// one URL a line, to the file named by $RECORD_MODULES (test/build/cli-start.test.ts).
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.RECORD_MODULES, url + '\\n')
  return next(url, context)
}`)}`,
)
