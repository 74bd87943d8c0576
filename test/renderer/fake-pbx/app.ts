// The app's own answers: About, the remembered place in the window (UI state), and the built-in
// demo PBX, whose start adds its saved entry.
import type { About, DemoStatus, PbxApi } from '@contract/bridge'
import type { UiState } from '@contract/bridge-desktop'
import type { PbxProfile } from '@contract/profiles'
import { ok } from './answers'
import { sampleProfile } from './profiles'
import type { FakeContext } from './state'

export const sampleAbout: About = {
  name: 'PBX Provisioner',
  version: '0.1.0',
  versions: { node: '22.20.0', electron: '45.4.1', chrome: '142.0.0.0' },
  platform: 'linux',
  keychain: 'available',
}

export const sampleDemo: DemoStatus = {
  baseUrl: 'http://127.0.0.1:40123',
  accounts: [
    { username: 'admin', password: 'admin', domain: '', role: 'SystemAdmin' },
    { username: 'manager', password: 'manager', domain: 'demo.pbx.example', role: 'Admin' },
    { username: '1001', password: '1001', domain: 'demo.pbx.example', role: 'StandardUser' },
  ],
  profileIds: ['demo-tenant'],
}

function demoProfiles(baseUrl: string): PbxProfile[] {
  return [
    sampleProfile({
      id: 'demo-tenant',
      label: 'Demo PBX · Demo Company',
      baseUrl,
      username: 'manager',
      domain: 'demo.pbx.example',
      customer: 'Demo Company',
      tags: ['demo'],
      demo: true,
      systemAdmin: { username: 'admin', rememberPassword: true },
    }),
  ]
}

export function createAppFake({ state, find }: FakeContext): Pick<PbxApi, 'getUiState' | 'saveUiState' | 'getAbout' | 'startDemo'> {
  const uiState: UiState = { lastProfileId: null, lastPath: null }
  return {
    getUiState: async () => ok({ ...uiState }),
    saveUiState: async (changes) => ok(Object.assign(uiState, changes)),
    getAbout: async () => ok(sampleAbout),
    startDemo: async () => {
      for (const profile of demoProfiles(sampleDemo.baseUrl)) {
        if (!find(profile.id)) {
          state.profiles.push(profile)
          state.passwords[profile.id] = profile.username
        }
      }
      return ok(sampleDemo)
    },
  }
}
