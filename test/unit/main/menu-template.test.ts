import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { MENU_AREAS, MENU_COMMANDS, type MenuCommand } from '../../../electron/contract/menu-commands'
import { buildMenuTemplate, shortcut, type MenuHandlers } from '../../../electron/main/menu-template'

type Item = MenuItemConstructorOptions

function build(platform: NodeJS.Platform, devTools = false) {
  const sent: MenuCommand[] = []
  const handlers: MenuHandlers = { send: (command) => sent.push(command), showAbout: vi.fn(), openLogsFolder: vi.fn() }
  const template = buildMenuTemplate({ platform, appName: 'PBX Provisioner', devTools }, handlers)
  return { template, sent, handlers }
}

const items = (menu: Item): Item[] => (Array.isArray(menu.submenu) ? (menu.submenu as Item[]) : [])
const all = (template: Item[]): Item[] => template.flatMap((menu) => [menu, ...items(menu).flatMap((item) => all([item]))])
const byLabel = (template: Item[], label: string): Item => {
  const found = all(template).find((item) => item.label === label)
  if (!found) throw new Error(`no menu item "${label}"`)
  return found
}
const click = (item: Item) => (item.click as () => void)()
const titles = (template: Item[]) => template.map((menu) => menu.label ?? menu.role)

describe('the application menu', () => {
  it('follows macOS: the app menu first (About, Services, Hide, Quit), File closes the window, a Window menu', () => {
    const { template } = build('darwin')
    expect(titles(template)).toEqual(['PBX Provisioner', 'File', 'Edit', 'View', 'Go', 'Window', 'Help'])
    expect(items(template[0]!).map((item) => item.label ?? item.role ?? item.type)).toEqual([
      'About PBX Provisioner', 'separator', 'services', 'separator', 'hide', 'hideOthers', 'unhide', 'separator', 'quit',
    ])
    expect(items(byLabel(template, 'File')).at(-1)).toEqual({ role: 'close' })
    expect(items(byLabel(template, 'Help')).map((item) => item.label)).toEqual(['Open logs folder'])
  })

  it.each([
    ['win32', 'Exit'],
    ['linux', 'Quit'],
  ] as const)('follows %s: Alt mnemonics, File ends with %s, About in Help', (platform, quit) => {
    const { template } = build(platform)
    expect(titles(template)).toEqual(['&File', '&Edit', '&View', '&Go', '&Help'])
    expect(items(byLabel(template, '&File')).at(-1)).toEqual({ role: 'quit', label: quit })
    expect(items(byLabel(template, '&Help')).map((item) => item.label ?? item.type)).toEqual(['Open logs folder', 'separator', 'About PBX Provisioner'])
  })

  it.each([
    ['darwin', 'Cmd'],
    ['win32', 'Ctrl'],
    ['linux', 'Ctrl'],
  ] as const)('on %s the shortcuts use %s', (platform, mod) => {
    const { template } = build(platform)
    const keys = Object.fromEntries(all(template).filter((item) => item.label && item.accelerator).map((item) => [item.label!, item.accelerator]))
    expect(keys).toEqual({
      'New batch': `${mod}+N`,
      'Import CSV…': `${mod}+O`,
      'Print labels…': `${mod}+P`,
      'Switch PBX…': `${mod}+K`,
      PBXs: `${mod}+1`,
      Fleet: `${mod}+2`,
      'DECT phones': `${mod}+3`,
      'IVR servers': `${mod}+4`,
      'Outbound rules': `${mod}+5`,
      'Email templates': `${mod}+6`,
      Notifications: `${mod}+7`,
    })
    expect(all(template).find((item) => item.role === 'reload')?.accelerator).toBe(`${mod}+R`)
    expect(shortcut(platform, 'K')).toBe(`${mod}+K`)
  })

  it('sends every renderer command of the contract from exactly one item', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { template, sent } = build(platform)
      for (const item of all(template)) if (item.click && item.accelerator) click(item)
      expect([...sent].sort()).toEqual([...MENU_COMMANDS].sort())
    }
  })

  it('lists the areas under Go in the sidebar order, each going to its area', () => {
    const { template, sent } = build('linux')
    const go = items(byLabel(template, '&Go')).filter((item) => item.label !== 'Switch PBX…' && item.type !== 'separator')
    go.forEach(click)
    expect(sent).toEqual(MENU_AREAS.map((area) => `go:${area}`))
  })

  it('opens the About box and the logs folder through main', () => {
    const { template, handlers } = build('linux')
    click(byLabel(template, 'About PBX Provisioner'))
    click(byLabel(template, 'Open logs folder'))
    expect(handlers.showAbout).toHaveBeenCalledOnce()
    expect(handlers.openLogsFolder).toHaveBeenCalledOnce()
  })

  it('offers the developer tools only when asked (not in a packaged app)', () => {
    const roles = (devTools: boolean) => all(build('linux', devTools).template).map((item) => item.role)
    expect(roles(false)).not.toContain('toggleDevTools')
    expect(roles(true)).toContain('toggleDevTools')
  })

  it('has no shortcut twice', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const accelerators = all(build(platform).template).flatMap((item) => (item.accelerator ? [item.accelerator] : []))
      expect(new Set(accelerators).size).toBe(accelerators.length)
    }
  })
})
