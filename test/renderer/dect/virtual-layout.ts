/**
 * happy-dom lays nothing out, so a virtual list (Naive UI's NDataTable with `virtual-scroll`)
 * never learns its height and shows no row. This ResizeObserver says every observed element is
 * 1200 × 480 px, so the list renders the rows that fit in 480 px. Import it first in a test file,
 * before Naive UI is loaded: Naive UI reads `window.ResizeObserver` once, at load.
 */
const SIZE = { width: 1200, height: 480 }
let sizeOf: (target: Element) => { width: number; height: number } = () => SIZE
/** Makes the observer report `size` for the elements `selector` matches (a narrow table), until `resetSizes`. */
export function sizeElements(selector: string, size: { width: number; height: number }): void {
  sizeOf = (target) => (target.matches(selector) ? size : SIZE)
}
export function resetSizes(): void {
  sizeOf = () => SIZE
}

class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    const { width, height } = sizeOf(target)
    const entry = {
      target,
      contentRect: { width, height, top: 0, left: 0, right: width, bottom: height, x: 0, y: 0 },
      borderBoxSize: [{ inlineSize: width, blockSize: height }],
      contentBoxSize: [{ inlineSize: width, blockSize: height }],
      devicePixelContentBoxSize: [],
    } as unknown as ResizeObserverEntry
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver))
  }
  unobserve(): void {}
  disconnect(): void {}
}

Object.defineProperty(window, 'ResizeObserver', { value: SizedResizeObserver, configurable: true, writable: true })
Object.defineProperty(globalThis, 'ResizeObserver', { value: SizedResizeObserver, configurable: true, writable: true })
