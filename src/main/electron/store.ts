import Store from 'electron-store'
import type { KeyValueStore } from '../services/settings'

/** The settings file (<userData>/settings.json) behind the Settings service. */
export function createElectronStore(): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'settings', accessPropertiesByDotNotation: false })
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key)
  }
}
