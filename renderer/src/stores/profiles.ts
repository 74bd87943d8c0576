import type { OperationOutput, SaveProfileInput } from '@contract/bridge'
import { entryMerges } from '@contract/profile-merge'
import type { PbxProfile, SavedPbxsNotice } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { profileMatches } from '@renderer/lib/profile-text'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { busyDelete, busyRequest, lastLoadWins } from './request-state'

export type ProfilesExport = OperationOutput<'exportProfiles'>
export type ProfilesImportResult = OperationOutput<'importProfiles'>

/** The saved PBXs (no secrets): the list, its search, and adding, editing, removing, merging, export, import. */
export const useProfilesStore = defineStore('profiles', () => {
  /** most recently used first, as main answers them */
  const profiles = ref<PbxProfile[]>([])
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  /** the saved-PBX file was damaged and moved aside when main read it */
  const notice = ref<SavedPbxsNotice | null>(null)
  /** the damaged file the user has read about (closed), not shown again */
  let noticeRead: string | null = null

  /** what the search box holds; `filtered` is the list it leaves */
  const query = ref('')
  const filtered = computed(() => profiles.value.filter((profile) => profileMatches(profile, query.value)))

  const saving = ref(false)
  const saveError = ref<BridgeError | null>(null)
  /** the id of the saved PBX being removed */
  const removing = ref<string | null>(null)
  const removeError = ref<BridgeError | null>(null)
  const exporting = ref(false)
  const importing = ref(false)
  /** what went wrong in the last export or import */
  const transferError = ref<BridgeError | null>(null)
  const importResult = ref<ProfilesImportResult | null>(null)

  function byId(id: string | null | undefined): PbxProfile | undefined {
    return id ? profiles.value.find((profile) => profile.id === id) : undefined
  }

  /** Shows a saved PBX as main answered it: replaced where it stands, or added in front. */
  function put(saved: PbxProfile): void {
    const index = profiles.value.findIndex((profile) => profile.id === saved.id)
    if (index === -1) profiles.value = [saved, ...profiles.value]
    else profiles.value = profiles.value.map((profile) => (profile.id === saved.id ? saved : profile))
  }

  const reads = lastLoadWins({ status, error })

  /** Reads the saved PBXs. When loads overlap, the last one asked for wins. */
  async function load(): Promise<void> {
    const result = await reads.ask(() => window.pbx.listProfiles())
    if (!result || !reads.showAnswer(result, (listed) => (profiles.value = listed))) return
    const found = await callBridge(() => window.pbx.savedPbxsNotice())
    notice.value = found.ok && found.value?.keptAs !== noticeRead ? found.value : null
  }

  /**
   * Adds a saved PBX (no `id`) or edits one. Answers main's result, so a form can put an error
   * that names a field beside that field; the error is also kept in `saveError`.
   */
  function save(input: SaveProfileInput): Promise<BridgeResult<PbxProfile>> {
    return busyRequest(() => window.pbx.saveProfile(input), {
      busy: saving,
      error: saveError,
      done: (saved) => {
        put(saved)
        void load()
      },
    })
  }

  /** Removes a saved PBX (main signs it out and forgets its secrets). True when it is gone. */
  function remove(profileId: string): Promise<boolean> {
    return busyDelete(() => window.pbx.removeProfile({ profileId }), {
      busy: [removing, profileId],
      error: removeError,
      deleted: () => (profiles.value = profiles.value.filter((profile) => profile.id !== profileId)),
    })
  }

  /** the system-administrator entry being merged into its address's tenant entries */
  const merging = ref<string | null>(null)
  const mergeError = ref<BridgeError | null>(null)
  /** the merges the list offers (contract profile-merge.ts) */
  const merges = computed(() => entryMerges(profiles.value))

  /**
   * Merges a system-administrator entry into the tenant entries of its address (on the user's
   * word): they take its sign-in; then it is removed. Answers what main answered, or null.
   */
  async function mergeSystemEntry(profileId: string): Promise<OperationOutput<'mergeSystemEntry'> | null> {
    const result = await busyRequest(() => window.pbx.mergeSystemEntry({ profileId }), {
      busy: [merging, profileId],
      error: mergeError,
      done: (answer) => {
        const merged = new Map(answer.merged.map((profile) => [profile.id, profile]))
        profiles.value = profiles.value.filter((profile) => profile.id !== answer.removed).map((profile) => merged.get(profile.id) ?? profile)
      },
    })
    return result.ok ? result.value : null
  }

  /** The saved PBXs as a document to download (no password, no token), or null on an error. */
  async function exportProfiles(): Promise<ProfilesExport | null> {
    const result = await busyRequest(() => window.pbx.exportProfiles(), { busy: exporting, error: transferError })
    return result.ok ? result.value : null
  }

  /** Adds the PBXs of an exported document; `importResult` says how many, and which were skipped. */
  async function importProfiles(json: string): Promise<ProfilesImportResult | null> {
    importResult.value = null
    const result = await busyRequest(() => window.pbx.importProfiles({ json }), {
      busy: importing,
      error: transferError,
      done: (imported) => {
        importResult.value = imported
        return load()
      },
    })
    return result.ok ? result.value : null
  }

  /** Keeps a transfer error that happened before main was asked (an unreadable or wrong file). */
  function failTransfer(message: string): void {
    importResult.value = null
    transferError.value = { code: 'INVALID_INPUT', message }
  }

  function clearTransfer(): void {
    importResult.value = null
    transferError.value = null
  }

  function closeNotice(): void {
    noticeRead = notice.value?.keptAs ?? noticeRead
    notice.value = null
  }

  return {
    profiles,
    status,
    error,
    notice,
    closeNotice,
    query,
    filtered,
    saving,
    saveError,
    removing,
    removeError,
    exporting,
    importing,
    transferError,
    importResult,
    byId,
    put,
    load,
    save,
    remove,
    merging,
    mergeError,
    merges,
    mergeSystemEntry,
    exportProfiles,
    importProfiles,
    failTransfer,
    clearTransfer,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useProfilesStore, import.meta.hot))
