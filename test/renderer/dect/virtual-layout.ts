/**
 * happy-dom lays nothing out, so a virtual list (Naive UI's NDataTable with `virtual-scroll`)
 * never learns its height and shows no row. This ResizeObserver says every observed element is
 * 1200 × 480 px, so the list renders the rows that fit in 480 px. Import it first in a test file,
 * before Naive UI is loaded: Naive UI reads `window.ResizeObserver` once, at load.
 */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    const entry = {
      target,
      contentRect: { width: 1200, height: 480, top: 0, left: 0, right: 1200, bottom: 480, x: 0, y: 0 },
      borderBoxSize: [{ inlineSize: 1200, blockSize: 480 }],
      contentBoxSize: [{ inlineSize: 1200, blockSize: 480 }],
      devicePixelContentBoxSize: [],
    } as unknown as ResizeObserverEntry
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver))
  }
  unobserve(): void {}
  disconnect(): void {}
}

Object.defineProperty(window, 'ResizeObserver', { value: SizedResizeObserver, configurable: true, writable: true })
Object.defineProperty(globalThis, 'ResizeObserver', { value: SizedResizeObserver, configurable: true, writable: true })
