import { vi } from 'vitest'

/**
 * happy-dom lays nothing out: a table that measures its width (composables/element-size.ts) never
 * learns it. This makes ResizeObserver report `width` px for the elements `selector` matches, at
 * once, and nothing for the others, until `vi.unstubAllGlobals()`.
 */
export function stubElementWidth(selector: string, width: number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element): void {
        if (target.matches(selector)) this.callback([{ target, contentRect: { width, height: 400 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver)
      }
      unobserve(): void {}
      disconnect(): void {}
    },
  )
}
