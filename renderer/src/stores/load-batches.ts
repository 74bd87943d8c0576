import type { useBatchesStore } from './batches'

/**
 * The batches store for the first screen's ways to a batch (a spreadsheet dropped, Mod+N), loaded
 * on their first use: with it come the contract's batch schemas and zod, which the start does
 * without (issue 17). The DECT screens import the store itself.
 */
export async function loadBatchesStore(): Promise<ReturnType<typeof useBatchesStore>> {
  const { useBatchesStore } = await import('./batches')
  return useBatchesStore()
}
