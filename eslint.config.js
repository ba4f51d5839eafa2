import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * Import direction (DESIGN.md §2): shared <- server | main | preload | renderer, never sideways.
 * Only src/main/electron and src/preload import Electron.
 */
const layer = (forbiddenLayers, { electron = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: electron ? [] : [{ name: 'electron', message: 'Only src/main/electron and src/preload import Electron.' }],
      patterns: forbiddenLayers.map((name) => ({
        group: [`**/${name}/**`, `@${name}/**`],
        message: `This layer must not import from src/${name} (DESIGN.md §2).`
      }))
    }
  ]
})

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off'
    }
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      ...layer(['server', 'main', 'preload', 'renderer']),
      'no-restricted-globals': ['error', 'window', 'document', 'process']
    }
  },
  { files: ['src/server/**/*.ts'], rules: layer(['main', 'preload', 'renderer']) },
  { files: ['src/preload/**/*.ts'], rules: layer(['server', 'main', 'renderer'], { electron: true }) },
  { files: ['src/main/**/*.ts'], rules: layer(['server', 'preload', 'renderer']) },
  { files: ['src/main/electron/**/*.ts'], rules: layer(['server', 'preload', 'renderer'], { electron: true }) },
  { files: ['src/renderer/**/*.{ts,tsx}'], rules: layer(['server', 'main', 'preload']) },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the HostBridge (src/renderer/src/host).' },
        { name: 'open', message: 'Use hostBridge.openExternal.' }
      ]
    }
  }
)
