import { describe, expect, it } from 'vitest'
import { aboutBox, aboutText } from '../../../electron/main/about'

const about = { name: 'PBX Provisioner', version: '0.1.0', versions: { node: '22.20.0', electron: '45.4.1', chrome: '142.0.7444.52' }, platform: 'linux' }

describe('Help → About', () => {
  it('shows the app, its version and the runtime versions', () => {
    const box = aboutBox(about, 'x64')
    expect(box.title).toBe('About PBX Provisioner')
    expect(box.message).toBe('PBX Provisioner')
    expect(box.detail).toBe('Version 0.1.0\n\nElectron 45.4.1\nChromium 142.0.7444.52\nNode.js 22.20.0\nLinux (x64)')
    expect(box.buttons).toEqual(['OK', 'Copy versions'])
    expect(box.cancelId).toBe(0)
  })

  it('names macOS and Windows, and leaves out versions it does not know', () => {
    expect(aboutBox({ ...about, platform: 'darwin' }, 'arm64').detail).toContain('macOS (arm64)')
    expect(aboutBox({ ...about, platform: 'win32', versions: { node: '22.20.0' } }, 'x64').detail).toBe('Version 0.1.0\n\nNode.js 22.20.0\nWindows (x64)')
  })

  it('copies the same text for a bug report', () => {
    expect(aboutText(aboutBox(about, 'x64'))).toBe('PBX Provisioner\nVersion 0.1.0\n\nElectron 45.4.1\nChromium 142.0.7444.52\nNode.js 22.20.0\nLinux (x64)')
  })
})
