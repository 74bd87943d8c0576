import DectPushPanel from '@renderer/components/dect/DectPushPanel.vue'
import { PUSH_POLL_MS } from '@renderer/stores/push'
import { flushPromises } from '@vue/test-utils'
import { vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createFakePbx, fakePushBatch, fakePushProgress, installFakePbx, ok, signedIn, type FakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'

// The push panel's tests share these: a fake PBX with batch `b1`, the panel mounted in the app.

/** A fake whose batch `b1` has 150 valid rows for Acme (signed in), as getBatch answers it. */
export function setup(options: { batch?: Parameters<typeof fakePushBatch>[1]; signedInTo?: string[] } = {}): FakePbx {
  const pbx = installFakePbx(
    createFakePbx({ getBatch: async ({ batchId }) => ok(fakePushBatch(batchId, { targetProfileId: 'p-acme', ...options.batch })) }),
  )
  for (const id of options.signedInTo ?? ['p-acme']) pbx.state.sessions[id] = signedIn(pbx.state.profiles.find((p) => p.id === id)!)
  pbx.dect.state.pushes.b1 = fakePushProgress('b1')
  return pbx
}

export async function mountPanel() {
  const Host = defineComponent({ setup: () => () => h(DectPushPanel, { batchId: 'b1' }) })
  const result = await mountInApp(Host, '/dect')
  await flushPromises()
  return result
}

/** A button of Naive UI's dialogs, which are teleported to the body. */
export function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

/** Lets the panel ask main once more (the poll timer), and the answer arrive. */
export async function nextPoll(): Promise<void> {
  await vi.advanceTimersByTimeAsync(PUSH_POLL_MS)
  await flushPromises()
}
