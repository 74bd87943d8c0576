import type { OperationInput } from '@contract/bridge'
import type { EmailTemplateEntry } from '@contract/bridge-mail'
import type { EmailTemplateName } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'

/** What the editor holds for one kind: sender, subject and body as typed. */
export type TemplateDraft = { from: string; subject: string; body: string }

export type TemplateFields = OperationInput<'saveEmailTemplate'>['template']

/** The draft a kind starts from: its custom template, or empty fields for the PBX's default. */
export function draftOf(entry: EmailTemplateEntry | undefined): TemplateDraft {
  const template = entry?.template
  return { from: template?.from ?? '', subject: template?.subject ?? '', body: template?.body ?? '' }
}

const sameDraft = (a: TemplateDraft, b: TemplateDraft): boolean => a.from === b.from && a.subject === b.subject && a.body === b.body

/**
 * What a save sends: the fields that differ from the PBX's template (for a kind still on its
 * default, the fields filled in; the PBX's default fills the rest). An empty sender is left out
 * (the PBX keeps its own; it takes an email address only).
 */
export function fieldsToSave(draft: TemplateDraft, entry: EmailTemplateEntry | undefined): TemplateFields {
  const base = draftOf(entry)
  const customised = entry?.customised === true
  const out: TemplateFields = {}
  if (draft.from.trim() !== '' && draft.from.trim() !== base.from) out.from = draft.from.trim()
  if (customised ? draft.subject !== base.subject : draft.subject !== '') out.subject = draft.subject
  if (customised ? draft.body !== base.body : draft.body !== '') out.body = draft.body
  return out
}

/**
 * The custom email templates of the active (tenant) PBX: the 14 kinds, each customised or on the
 * PBX's default, and the editor's draft of the selected kind. Saving creates or updates the kind
 * (main decides, as the PBX has it); reverting reads the PBX again; a kind can be copied to the
 * same kind on another signed-in PBX.
 */
export const useEmailTemplatesStore = defineStore('email-templates', () => {
  const profileId = ref<string | null>(null)
  /** the 14 kinds as main answered them (the PBX's list has no count: none is shown) */
  const entries = ref<EmailTemplateEntry[]>([])
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const selected = ref<EmailTemplateName | null>(null)
  const draft = ref<TemplateDraft>(draftOf(undefined))

  const saving = ref(false)
  const saveError = ref<BridgeError | null>(null)
  const reverting = ref(false)
  const copying = ref(false)
  const copyError = ref<BridgeError | null>(null)

  function byName(name: EmailTemplateName | null): EmailTemplateEntry | undefined {
    return name === null ? undefined : entries.value.find((entry) => entry.name === name)
  }

  const selectedEntry = computed(() => byName(selected.value))
  /** whether the draft differs from what the PBX has */
  const dirty = computed(() => selected.value !== null && !sameDraft(draft.value, draftOf(selectedEntry.value)))

  function put(entry: EmailTemplateEntry): void {
    entries.value = entries.value.map((old) => (old.name === entry.name ? entry : old))
  }

  const reads = lastLoadWins({ status, error })

  /** Reads the 14 kinds of a PBX. A draft with changes is kept; the others follow the PBX. */
  async function load(id: string): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      entries.value = []
      selected.value = null
      draft.value = draftOf(undefined)
    }
    const keepDraft = dirty.value
    await reads.load(
      () => window.pbx.listEmailTemplates({ profileId: id }),
      (listed) => {
        entries.value = listed
        if (!keepDraft) draft.value = draftOf(selectedEntry.value)
      },
    )
  }

  /** Opens a kind in the editor (the caller has asked about unsaved changes first). */
  function select(name: EmailTemplateName | null): void {
    selected.value = name
    draft.value = draftOf(byName(name))
    saveError.value = null
    copyError.value = null
  }

  /** Reads the PBX again and puts the selected kind's draft back to what the PBX has. */
  async function revert(): Promise<boolean> {
    const id = profileId.value
    if (id === null) return false
    let reverted = false
    await busyRequest(() => window.pbx.listEmailTemplates({ profileId: id }), {
      busy: reverting,
      error: saveError,
      done: (listed) => {
        if (profileId.value !== id) return
        entries.value = listed
        draft.value = draftOf(selectedEntry.value)
        reverted = true
      },
    })
    return reverted
  }

  /** Saves the selected kind's draft; the template as the PBX reads it back replaces it. */
  async function save(): Promise<BridgeResult<EmailTemplateEntry> | null> {
    const id = profileId.value
    const name = selected.value
    if (id === null || name === null) return null
    const template = fieldsToSave(draft.value, selectedEntry.value)
    return busyRequest(() => window.pbx.saveEmailTemplate({ profileId: id, name, template }), {
      busy: saving,
      error: saveError,
      done: (saved) => {
        if (profileId.value !== id) return
        put(saved)
        if (selected.value === name) draft.value = draftOf(saved)
      },
    })
  }

  /** Copies the selected kind (as saved on the PBX) to the same kind on another PBX. */
  async function copyTo(toProfileId: string): Promise<BridgeResult<{ created: boolean; entry: EmailTemplateEntry }> | null> {
    const id = profileId.value
    const name = selected.value
    if (id === null || name === null) return null
    return busyRequest(() => window.pbx.copyEmailTemplate({ fromProfileId: id, toProfileId, name }), { busy: copying, error: copyError })
  }

  function clearCopyError(): void {
    copyError.value = null
  }

  return {
    profileId,
    entries,
    status,
    error,
    selected,
    selectedEntry,
    draft,
    dirty,
    saving,
    saveError,
    reverting,
    copying,
    copyError,
    byName,
    load,
    select,
    revert,
    save,
    copyTo,
    clearCopyError,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEmailTemplatesStore, import.meta.hot))
