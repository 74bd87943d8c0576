import { config } from 'zod'

/**
 * zod 4 compiles a fast path for object schemas with `new Function`, which the renderer's
 * Content-Security-Policy forbids (no 'unsafe-eval'). Imported first by `main.ts`, before any
 * schema of the contract is built or used, so every parse in the renderer runs without it.
 * Only `config` is imported: the rest of zod comes with the screens that check with a schema,
 * not with the start (issue 17).
 */
config({ jitless: true })
