import { desktopOperations } from '@contract/bridge-desktop'
import { isRememberablePath } from '@renderer/stores/ui-state'
import { describe, expect, it } from 'vitest'

// the store checks a path with the contract's plain values (no zod at start): it must answer as
// main's schema does
const MAIN_SCHEMA = desktopOperations.saveUiState.input.shape.lastPath

describe('the ui-state store, on a screen path', () => {
  it.each([
    '/dect/batches/3f2a-b_1',
    '/',
    `/${'a'.repeat(199)}`,
    `/${'a'.repeat(200)}`,
    '',
    'outbound',
    '/dect/batches/a%20b',
    '/ivr?tab=1',
    '/büro',
    'https://evil.example/',
  ])('answers %j as main does', (path) => {
    expect(isRememberablePath(path)).toBe(MAIN_SCHEMA.safeParse(path).success)
  })
})
