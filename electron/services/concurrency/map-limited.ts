/**
 * Runs `work` for every item with at most `limit` running at once, and answers the results in the
 * items' order. The first failure rejects, and no further item starts after it. `stop()` answering
 * true also keeps items not yet started from starting (their result stays `undefined`).
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  stop: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array<R | undefined>(items.length).fill(undefined)
  let next = 0
  let failed = false
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed && !stop()) {
      const index = next++
      try {
        results[index] = await work(items[index] as T, index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
