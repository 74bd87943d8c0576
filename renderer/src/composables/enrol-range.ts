import { ExtensionRangeSchema, type ExtensionRange } from '@contract/bridge-handsets'
import { useHandsetsStore } from '@renderer/stores/handsets'
import { ref, watch, type Ref } from 'vue'
import { z } from 'zod'
import { useStoredValue } from './stored-value'

/** The last range used on each saved PBX (by its id), kept in the page's storage: no secret, only numbers. */
const RememberedRangesSchema = z.record(z.string(), ExtensionRangeSchema)

const dash = (range: { from: string; to: string }): string => (range.from === range.to ? range.from : `${range.from}–${range.to}`)
const reasonOf = (message: string): string => message.replace(/\.$/, '')

/**
 * The extensions enrolment hands out (issue 40), filled in for the installer: the PBX's first run
 * of free extensions (its users with no member on any base), "1101–1250 free (150)"; when the PBX
 * cannot be asked (not reachable, not signed in, no list of users), the last range used there.
 * A range the installer has typed is theirs: nothing read later overwrites it. `used` remembers
 * the range a scan took, for the next time offline.
 */
export function useEnrolRange(profileId: Ref<string | null>, pbxLabel: Ref<string>) {
  const handsets = useHandsetsStore()
  const remembered = useStoredValue<Record<string, ExtensionRange>>('pbx-provisioner.enrol-ranges', RememberedRangesSchema, () => ({}))
  const from = ref('')
  const to = ref('')
  const note = ref('')
  const reading = ref(false)
  /** true once the installer typed in a field: their range stands */
  let typed = false
  let latest = 0

  function put(range: ExtensionRange): void {
    from.value = range.from
    to.value = range.to
  }

  async function read(id: string | null): Promise<void> {
    const request = ++latest
    typed = false
    if (!id) {
      note.value = 'No PBX chosen: type the first and last extension to hand out.'
      return
    }
    const label = pbxLabel.value
    const kept = remembered.value[id]
    if (kept) put(kept)
    reading.value = true
    note.value = `Reading the free extensions of ${label}…`
    const answer = await handsets.freeRun(id)
    if (request !== latest) return
    reading.value = false
    if (answer.ok && answer.value.run) {
      const { run, free } = answer.value
      if (!typed) put(run)
      note.value = `${dash(run)} free (${run.count}${free > run.count ? `; ${free} free on ${label} in all` : ''})`
      return
    }
    const why = answer.ok
      ? answer.value.supported
        ? `every user of ${label} has a handset on a base`
        : `${label} has no list of users`
      : `${label} cannot be reached now (${reasonOf(answer.error.message)})`
    note.value = kept ? `The last range used on ${label}, ${dash(kept)}: ${why}.` : `Type the first and last extension: ${why}, and no range is remembered for it.`
  }

  watch(profileId, (id) => void read(id), { immediate: true })

  return {
    from,
    to,
    note,
    reading,
    /** the installer typed in a range field */
    edited(): void {
      typed = true
    },
    /** a scan took a handset from this range: it is the one to offer offline next time */
    used(range: ExtensionRange): void {
      const id = profileId.value
      if (id) remembered.value = { ...remembered.value, [id]: { from: range.from, to: range.to } }
    },
  }
}
