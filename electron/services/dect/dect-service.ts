import type { BridgeHandlers } from '../../contract/bridge'
import type { Batch, BatchRow, BatchRowValues, ColumnMapping } from '../../contract/dect'
import type { DectModel } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { createDectPhonesClient } from '../pbx-client/dect-phones'
import type { SessionManager } from '../session/session-manager'
import { nextRowNumber } from './batch-parts'
import { joinImport } from './batch-join'
import { createBatchStore } from './batch-store'
import { csvText, importCsv, previewCsv } from './csv-import'
import { linesFromModels } from './handsets/handset-import'
import { createHandsetService } from './handsets/handset-service'
import { createImportSettings } from './import-settings'
import { createLabelService, pushedRows } from './labels/label-service'
import type { PrintLabels } from './labels/label-print'
import { createModelCatalog } from './handsets/model-catalog'
import { createPushRunner } from './push'
import { resultsCsv } from './results-csv'
import { flagModels, type ModelsOwner } from './row-models'
import { findDuplicateMacs, flagMacsOnPbx } from './mac-clashes'
import { buildRow, rawOf, revalidateRow } from './row-validation'
import { scannedMac, scannedRowCells } from './scan-row'

/**
 * The QR and PDF libraries (qrcode; pdfkit, fontkit and the label font) are loaded when a code or a
 * sheet is first made, not with the services: a command like `pbx list` never needs them (issue 39).
 */
const qrCodes = () => import('./qr-code')

type DectHandlers = Pick<
  BridgeHandlers,
  | 'previewCsv'
  | 'createBatchFromCsv'
  | 'importCsvIntoBatch'
  | 'createEmptyBatch'
  | 'listBatches'
  | 'getBatch'
  | 'updateBatch'
  | 'editBatchRows'
  | 'scanMac'
  | 'duplicateBatch'
  | 'deleteBatch'
  | 'listDamagedBatches'
  | 'readDamagedBatch'
  | 'exportDamagedBatch'
  | 'showBatchFile'
  | 'exportBatch'
  | 'importBatch'
  | 'checkBatchOnPbx'
  | 'startPush'
  | 'getPushProgress'
  | 'pausePush'
  | 'cancelPush'
  | 'retryFailedRows'
  | 'batchQrCodes'
  | 'exportResultsCsv'
  | 'listDectPhones'
  | 'updateDectPhone'
  | 'deleteDectPhone'
  | 'qrCode'
>

export interface DectServiceOptions {
  dataDir: string
  sessions: SessionManager
  /** shows a file in the system's file manager (Electron's shell.showItemInFolder); absent: not offered */
  showItemInFolder?: (path: string) => void
  /** a saved PBX's label (for the model errors that name it); undefined when there is no such PBX */
  labelOf?: (profileId: string) => Promise<string | undefined>
  /** prints a label sheet through the system's print dialog (the desktop app); absent: not offered */
  print?: PrintLabels
}

/**
 * Every row checked again against the batch's defaults, then duplicates within the batch, then
 * each base's model against the PBX's model list when one is known (row-models.ts).
 */
const recheckWith =
  (models: readonly DectModel[], owner?: ModelsOwner) =>
  (rows: readonly BatchRow[], defaults: Batch['defaults']): BatchRow[] =>
    flagModels(
      findDuplicateMacs(rows.map((row) => revalidateRow(row, defaults))),
      defaults,
      models,
      owner,
    )

/**
 * DECT provisioning behind the Bridge: batches prepared offline (spreadsheet or scanner), pushed
 * to a signed-in PBX with the push runner, then QR codes, labels and results. The work itself
 * lives in the files beside this one; this one wires them to the Bridge operations.
 */
export function createDectService(options: DectServiceOptions) {
  const store = createBatchStore(options.dataDir)
  const settings = createImportSettings(options.dataDir)
  const callerFor = options.sessions.callerOf
  const catalog = createModelCatalog(options.dataDir)
  const handsets = createHandsetService({ store, catalog, callerFor })
  const push = createPushRunner({ store, callerFor, remember: (profileId) => handsets.handlers.listDectModels({ profileId }) })
  const phones = async (profileId: string) => createDectPhonesClient(await callerFor(profileId))
  const labels = createLabelService({ getBatch: (batchId) => store.get(batchId), ...(options.print ? { print: options.print } : {}) })

  /**
   * The models a batch is checked with: its PBX's own list when the batch's PBX is known (chosen at
   * import, or its last check or push) and a list of it is remembered: a model it lacks is then an
   * error naming it; else the list read last, of whichever PBX (warnings).
   */
  const knownModels = async (profileId: string | null | undefined): Promise<{ models: DectModel[]; owner?: ModelsOwner }> => {
    const own = profileId ? await catalog.ofPbx(profileId) : undefined
    const owner = own && profileId ? await ownerOf(profileId, own.fetchedAt) : undefined
    return own && owner ? { models: own.models, owner } : { models: await catalog.models() }
  }
  /** whose list it is, for the errors that name the PBX and the day the list is from; undefined for a PBX no longer saved */
  const ownerOf = async (profileId: string, fetchedAt: string | undefined): Promise<ModelsOwner | undefined> => {
    const label = fetchedAt === undefined ? undefined : await options.labelOf?.(profileId)
    return label === undefined ? undefined : { label, fetchedAt: fetchedAt! }
  }

  /** the row checks for a batch whose PBX is `profileId` (if known), and the handsets' lines from the same list */
  const checks = async (profileId?: string | null) => {
    const { models, owner } = await knownModels(profileId)
    return { recheck: recheckWith(models, owner), lines: linesFromModels(models), models, owner }
  }
  const checksOf = async (batchId: string) => checks(await store.targetOf(batchId))

  // batches a stopped process left "pushing" become paused and resumable, before the first batch is
  // listed or read: not at start-up, so a command that reads no batch reads no batch file
  let recovered: Promise<unknown> | undefined
  const recoveredFirst = () => (recovered ??= push.recover().catch(() => []))

  const handlers: DectHandlers = {
    async previewCsv(input) {
      return previewCsv(input.fileName, csvText(input), await settings.lastMapping(), await catalog.models())
    },
    async createBatchFromCsv({ name, fileName, base64, mapping, defaults, profileId }) {
      const decoded = csvText({ fileName, base64 })
      const { models, owner } = await knownModels(profileId)
      const imported = importCsv({ fileName, text: decoded.text, mapping, defaults, models, ...(owner ? { owner } : {}) })
      const batch = await store.create({ name, source: fileName, rows: imported.rows, handsets: imported.handsets, defaults, targetProfileId: profileId ?? null })
      await settings.rememberMapping(imported.mapping)
      return batch
    },
    async importCsvIntoBatch({ batchId, fileName, base64, mapping }) {
      // a push of this process would send what it read at its start: the file waits for its end
      if (push.isRunning(batchId)) throw new ServiceError('BUSY', 'The batch is being pushed: pause the push (or let it end), then add the file.')
      const decoded = csvText({ fileName, base64 })
      const { recheck, lines, models } = await checksOf(batchId)
      let joined: ReturnType<typeof joinImport> | undefined
      let usedMapping: ColumnMapping = {}
      // another process's push refuses the change (BUSY) and nothing is written
      const batch = await store.update(batchId, (current) => {
        const imported = importCsv({ fileName, text: decoded.text, mapping, defaults: current.defaults, models })
        usedMapping = imported.mapping
        joined = joinImport(current, imported)
        return handsets.withHandsetsChecked({ ...current, rows: recheck(joined.rows, current.defaults), handsets: joined.handsets }, lines)
      })
      await settings.rememberMapping(usedMapping)
      return { batch, added: joined!.added, offsets: joined!.offsets }
    },
    createEmptyBatch: ({ name, defaults }) => store.create({ name, source: 'scanned', rows: [], defaults }),
    async listBatches() {
      await recoveredFirst()
      return store.list()
    },
    async getBatch({ batchId }) {
      await recoveredFirst()
      return store.get(batchId)
    },
    async updateBatch({ batchId, name, defaults, concurrency }) {
      if (name !== undefined) await store.rename(batchId, name)
      if (concurrency !== undefined) await store.setPushState(batchId, { concurrency })
      if (defaults === undefined) return store.get(batchId)
      const { recheck, lines } = await checksOf(batchId)
      return store.update(batchId, (batch) => handsets.withHandsetsChecked({ ...batch, defaults, rows: recheck(batch.rows, defaults) }, lines))
    },
    async editBatchRows({ batchId, edits, add, remove }) {
      const { recheck, lines } = await checksOf(batchId)
      return store.update(batchId, (batch) => {
        const removed = new Set(remove)
        const changes = new Map(edits.map((edit) => [edit.rowId, edit.values]))
        let next = nextRowNumber(batch.rows)
        const rows = batch.rows
          .filter((row) => !removed.has(row.id))
          .map((row) => {
            const values = changes.get(row.id)
            return values ? { ...row, values: { ...row.values, ...values } } : row
          })
          .concat(add.map((values: BatchRowValues) => buildRow(rawOf(values), batch.defaults, next++)))
        return handsets.withHandsetsChecked({ ...batch, rows: recheck(rows, batch.defaults) }, lines)
      })
    },
    async scanMac(scan) {
      const mac = scannedMac(scan.mac)
      let rowId = ''
      let duplicateOfRow: number | undefined
      const { recheck, lines } = await checksOf(scan.batchId)
      const batch = await store.update(scan.batchId, (current) => {
        const number = nextRowNumber(current.rows)
        duplicateOfRow = current.rows.find((row) => row.values.mac === mac)?.row
        const row = buildRow(scannedRowCells(scan, mac, number, current.rows), current.defaults, number)
        rowId = row.id
        return handsets.withHandsetsChecked({ ...current, rows: recheck([...current.rows, row], current.defaults) }, lines)
      })
      return duplicateOfRow === undefined ? { batch, rowId } : { batch, rowId, duplicateOfRow }
    },
    duplicateBatch: ({ batchId }) => store.duplicate(batchId),
    async deleteBatch({ batchId }) {
      // isRunning, not progress: progress reads the batch, and a damaged one must still be deletable
      if (push.isRunning(batchId)) throw new ServiceError('INVALID_INPUT', 'The batch is being pushed: pause or cancel the push first.')
      const { movedTo } = await store.remove(batchId)
      return movedTo ? { deleted: true as const, movedTo } : { deleted: true as const }
    },
    listDamagedBatches: async () => (await store.scan()).damaged,
    readDamagedBatch: ({ batchId }) => store.readDamaged(batchId),
    exportDamagedBatch: ({ batchId }) => store.exportDamaged(batchId),
    async showBatchFile({ batchId }) {
      const path = store.pathOf(batchId)
      if (!options.showItemInFolder) throw new ServiceError('NOT_SUPPORTED', `This build cannot open folders. The file is ${path}.`)
      options.showItemInFolder(path)
      return { shown: true as const }
    },
    exportBatch: ({ batchId }) => store.exportBatch(batchId),
    // the problems written in the file are another machine's (or another hand's) word: checked again here
    async importBatch({ json }) {
      const { recheck, lines } = await checks()
      return store.importBatch(json, (parts) => {
        const rows = recheck(parts.rows, parts.defaults)
        return { rows, handsets: handsets.withHandsetsChecked({ ...parts, rows }, lines).handsets }
      })
    },
    async checkBatchOnPbx({ batchId, profileId }) {
      const existing = await (await phones(profileId)).list()
      // that PBX's own model list, where it offers one (and remembered for later checks)
      const models = await handsets.handlers.listDectModels({ profileId })
      const owner = models.supported ? await ownerOf(profileId, models.fetchedAt) : undefined
      const recheck = recheckWith(models.supported ? models.models : [], owner)
      // checked against a PBX: the batch's PBX from now on, unless a push chose one already
      return store.update(batchId, (batch) => ({
        ...batch,
        targetProfileId: batch.targetProfileId ?? profileId,
        rows: flagMacsOnPbx(recheck(batch.rows, batch.defaults), existing.items),
      }))
    },

    startPush: ({ batchId, profileId, concurrency }) => push.launch(batchId, profileId, concurrency === undefined ? {} : { concurrency }),
    getPushProgress: ({ batchId }) => push.progress(batchId),
    async pausePush({ batchId }) {
      push.pause(batchId)
      return push.progress(batchId)
    },
    async cancelPush({ batchId }) {
      push.cancel(batchId)
      return push.progress(batchId)
    },
    retryFailedRows: ({ batchId, profileId }) => push.launch(batchId, profileId, {}, true),

    async batchQrCodes({ batchId }) {
      const batch = await store.get(batchId)
      const { qrSvg } = await qrCodes()
      return Promise.all(
        pushedRows(batch).map(async (row) => ({
          rowId: row.id,
          row: row.row,
          name: row.values.name ?? '',
          mac: row.values.mac!,
          ...(row.values.extension ? { extension: row.values.extension } : {}),
          url: row.outcome.url!,
          svg: await qrSvg(row.outcome.url!),
        })),
      )
    },
    async exportResultsCsv({ batchId }) {
      return resultsCsv(await store.get(batchId))
    },

    async listDectPhones({ profileId }) {
      return (await (await phones(profileId)).list()).items
    },
    async updateDectPhone({ profileId, phoneId, changes }) {
      const client = await phones(profileId)
      await client.update(phoneId, changes)
      return client.get(phoneId)
    },
    async deleteDectPhone({ profileId, phoneId }) {
      await (await phones(profileId)).destroy(phoneId)
      return { deleted: true as const }
    },
    async qrCode({ text }) {
      const { qrSvg } = await qrCodes()
      return { svg: await qrSvg(text) }
    },
  }

  return {
    handlers: { ...handlers, ...handsets.handlers, ...labels },
    /** on quit: pause every push (rows in flight finish) */
    pauseAll: async (): Promise<void> => {
      await recovered
      for (const batchId of push.running()) push.pause(batchId)
    },
  }
}
