import type { Page } from '@playwright/test'

/**
 * The keyboard of a walk, counted (issue 40: the installer's day in at most 60 keystrokes plus the
 * scans). Every key the walk sends goes through here: a key or a chord (Ctrl+O) is one keystroke,
 * a string typed into an ordinary field one a character, and a barcode scan (the code and Enter,
 * at scanner speed) one scan, no keystrokes: the scanner types it.
 */
/** between two keys pressed by hand */
const PACE_MS = 80

export class Keystrokes {
  keys = 0
  scans = 0

  constructor(private readonly page: Page) {}

  /**
   * `key` pressed `times` times (a chord, such as Control+Enter, is one press), at a person's pace:
   * Naive UI's select moves the focus into its search field a moment after it takes it, and a Tab
   * sent faster than any hand lands before that move
   */
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key)
      this.keys++
      await this.page.waitForTimeout(PACE_MS)
    }
  }

  /** text typed by hand into a field: one keystroke a character */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text)
    this.keys += [...text].length
  }

  /** codes read by a barcode scanner, each typed at scanner speed and ended with Enter: one scan each */
  async scan(...codes: string[]): Promise<void> {
    await this.page.keyboard.type(codes.map((code) => `${code}\n`).join(''), { delay: 0 })
    this.scans += codes.length
  }

  /** the line the test prints: `installer_journey_keys: N (scans: M)` */
  line(name: string): string {
    return `${name}: ${this.keys} (scans: ${this.scans})`
  }
}
