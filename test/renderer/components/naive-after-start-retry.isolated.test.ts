import { askForNaiveAfterStart, useNaiveAfterStart } from '@renderer/components/naive-after-start'
import { flushPromises } from '@vue/test-utils'
import { expect, it, vi } from 'vitest'

// the chunk of Naive UI's search box and tooltip: gone the first time it is asked for (the app's
// files replaced by an update under the running app), there the next
const chunk = vi.hoisted(() => ({ asked: 0 }))
vi.mock('@renderer/components/naive-after-start-parts', async (importOriginal) => {
  chunk.asked++
  if (chunk.asked === 1) throw new Error('Failed to fetch dynamically imported module')
  return importOriginal()
})

it('asks for Naive UI’s search box and tooltip again after their chunk failed to load, and not once it is there', async () => {
  const parts = useNaiveAfterStart()
  askForNaiveAfterStart()
  await flushPromises()
  // the failure is no unhandled rejection, and nothing is shown from it
  expect(chunk.asked).toBe(1)
  expect(parts.value).toBeNull()

  askForNaiveAfterStart()
  await vi.waitFor(() => expect(parts.value).not.toBeNull())
  expect(chunk.asked).toBe(2)
  expect(parts.value?.NInput).toBeDefined()

  askForNaiveAfterStart()
  await flushPromises()
  expect(chunk.asked).toBe(2)
})
