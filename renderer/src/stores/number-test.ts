import type { NumberTestCall, NumberTestResult } from '@contract/number-test'
import type { BridgeError } from '@contract/result'
import { localDateTime } from '@renderer/lib/outbound-text'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { lastLoadWins } from './request-state'

/**
 * "Test a number": the call the form holds (kept here, so switching tabs or screens loses
 * nothing) and what the PBX's rules make of it (`testNumber`).
 */
export const useNumberTestStore = defineStore('number-test', () => {
  /** the form: the callee number, the calling extension, and `YYYY-MM-DDTHH:MM` (now, to begin with) */
  const call = ref<NumberTestCall>({ number: '', extension: '', at: localDateTime(new Date()) })

  /** the answer, with the PBX it is about */
  const result = ref<NumberTestResult | null>(null)
  const resultProfileId = ref<string | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const runs = lastLoadWins({ status, error })

  /** Asks which rule of `profileId` the call uses. The last run asked for wins. */
  async function run(profileId: string, asked: NumberTestCall): Promise<NumberTestResult | null> {
    error.value = null
    // a plain copy: what crosses the bridge is structured-cloned
    const plain: NumberTestCall = { number: asked.number.trim(), extension: asked.extension.trim(), at: asked.at }
    const answer = await runs.load(
      () => window.pbx.testNumber({ profileId, call: plain }),
      (found) => {
        result.value = found
        resultProfileId.value = profileId
      },
    )
    return answer?.ok ? answer.value : null
  }

  return { call, result, resultProfileId, status, error, run }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useNumberTestStore, import.meta.hot))
