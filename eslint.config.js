import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

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

/**
 * Renderer boundaries (DESIGN.md §2, bulletproof-react): code flows one way. app/ composes everything; the shell and
 * the features build on dialogs/ (shared by both), components/, lib/, hooks/, api/ and host/, which import none of
 * them. Features do not import each other or app/, and the shell does not import features. Paths are resolved, so
 * relative and `@renderer/*` imports are both caught; features are read from disk, so a new one is fenced in at once.
 */
const renderer = 'src/renderer/src'
const features = readdirSync(join(import.meta.dirname, renderer, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const shared = ['components', 'lib', 'hooks', 'api', 'host', 'dialogs']
const boundaryZones = [
  ...features.map((feature) => ({
    target: `${renderer}/features/${feature}`,
    from: `${renderer}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to components/, lib/, api/ or dialogs/.'
  })),
  { target: `${renderer}/features`, from: `${renderer}/app`, message: 'Features do not import app/: it composes them.' },
  { target: `${renderer}/shell`, from: `${renderer}/features`, message: 'The shell does not import features: share through dialogs/ or components/.' },
  {
    target: shared.map((folder) => `${renderer}/${folder}`),
    from: ['features', 'shell', 'app'].map((folder) => `${renderer}/${folder}`),
    message: `${shared.join(', ')} sit below features, shell and app and do not import them.`
  }
]
const testHelperZone = {
  target: renderer,
  from: `${renderer}/testing`,
  message: 'Only tests (*.test.ts(x)) import the test helpers in testing/.'
}
/**
 * One confirmation (DESIGN.md §7): a yes/no question is a ConfirmDialog, whose guard answers once however fast its
 * confirm is clicked twice, and whose answer returns its promise so the question waits on it. A blocking notice that
 * asks nothing may disable the alert selector with its reason.
 *
 * The checks look at what is written, not at which component it is written on: an alert is refused whether the
 * attribute is a string, an expression ({'alert'}, {`alert`}, a conditional) or a props object ({...{ modalType:
 * 'alert' }}), and on any element (Fluent's Dialog imported under another name or through a namespace too). A
 * modalType lint cannot read (a variable, a call) is refused as well: give 'modal' or 'non-modal' as a literal.
 * What stays out of reach: a props object or an answer handler built elsewhere and passed in by name.
 */
const alertValue = (value) => `:matches(Literal[value='${value}'], TemplateElement[value.cooked='${value}'])`
const modalTypeProperty = "Property:matches([key.name='modalType'], [key.value='modalType'])"
const answerProp = 'on(Confirm|Delete)'
const ALERT_MESSAGE = 'A confirmation is a ConfirmDialog (components/ConfirmDialog.tsx, or DeleteConfirm): it answers once however fast it is clicked.'
const UNREADABLE_MODAL_TYPE = "Give modalType as a literal ('modal' or 'non-modal'), so lint can tell it is no alert: a confirmation is a ConfirmDialog."
const MUTATE_MESSAGE = 'Return the promise (mutateAsync) from a confirmation’s answer, so the question waits on it and shows the failure once.'
/** mutate called, or handed over as the answer (r.mutate, r['mutate'], r?.mutate, r.mutate.bind(…), a destructured mutate). */
const mutateInAnswer = ":matches(MemberExpression[property.name='mutate'], MemberExpression[property.value='mutate'], CallExpression[callee.name='mutate'], JSXExpressionContainer > Identifier[name='mutate'], Property > Identifier.value[name='mutate'])"
const confirmationSelectors = [
  { selector: `JSXAttribute[name.name='modalType'] ${alertValue('alert')}`, message: ALERT_MESSAGE },
  { selector: `${modalTypeProperty} ${alertValue('alert')}`, message: ALERT_MESSAGE },
  { selector: `JSXAttribute[name.name='role'] ${alertValue('alertdialog')}`, message: ALERT_MESSAGE },
  { selector: "JSXAttribute[name.name='modalType'] > JSXExpressionContainer > :not(Literal, TemplateLiteral, ConditionalExpression)", message: UNREADABLE_MODAL_TYPE },
  { selector: "JSXAttribute[name.name='modalType'] TemplateLiteral[expressions.length>0]", message: UNREADABLE_MODAL_TYPE },
  {
    selector:
      "JSXAttribute[name.name='modalType'] ConditionalExpression:matches([consequent.type!=/^(Literal|TemplateLiteral|ConditionalExpression)$/], [alternate.type!=/^(Literal|TemplateLiteral|ConditionalExpression)$/])",
    message: UNREADABLE_MODAL_TYPE
  },
  { selector: `JSXAttribute[name.name=/^${answerProp}$/] ${mutateInAnswer}`, message: MUTATE_MESSAGE },
  { selector: `Property:matches([key.name=/^${answerProp}$/], [key.value=/^${answerProp}$/]) ${mutateInAnswer}`, message: MUTATE_MESSAGE }
]
/** One avatar: PersonAvatar gives initials that read right in every script (lib/initials.ts). */
const avatarSelectors = [
  {
    selector: "ImportDeclaration[source.value='@fluentui/react-components'] > ImportSpecifier[imported.name='Avatar']",
    message: 'Draw people and pages with components/PersonAvatar: its initials read right in every script.'
  }
]
/** A minus written before a CSS variable or token is no CSS value: Chromium drops the whole declaration. */
const cssSelectors = [
  {
    selector: "TemplateLiteral[quasis.0.value.raw='-'][expressions.length=1]",
    message: 'A negative token is calc(<token> * -1): "-" before var(...) is no CSS value and the declaration is dropped.'
  },
  {
    selector: 'Literal[value=/^-var\\(/]',
    message: 'A negative token is calc(<token> * -1): "-" before var(...) is no CSS value and the declaration is dropped.'
  }
]
/** One tooltip: AppTooltip has the spec's timing (delay 700 ms, skip delay 300 ms). */
const tooltipSelectors = [
  {
    selector: "ImportDeclaration[source.value='@fluentui/react-components'] > ImportSpecifier[imported.name='Tooltip']",
    message: 'Use components/AppTooltip: it has the spec’s tooltip delay and skip delay.'
  }
]
/**
 * Server layers (docs/architecture.md): a request flows routes → http → services (the use cases) → db and
 * adapters; jobs and events sit beside the services. No production file imports a layer above its own, and only
 * tests import the server's test helpers.
 */
const server = 'src/server'
const serverZones = [
  {
    target: [`${server}/services`, `${server}/jobs`, `${server}/events`],
    from: [`${server}/routes`, `${server}/http`, `${server}/app.ts`],
    message: 'Use cases, jobs and events do not import routes, http/ or the app: requests flow routes → http → services.'
  },
  { target: `${server}/http`, from: [`${server}/routes`, `${server}/app.ts`], message: 'http/ serves the routes and does not import them.' },
  {
    target: [`${server}/db`, `${server}/adapters`],
    from: [`${server}/services`, `${server}/jobs`, `${server}/events`, `${server}/routes`, `${server}/http`, `${server}/app.ts`],
    message: 'db/ and adapters/ sit below the use cases and know nothing of them.'
  }
]
const serverTestHelperZone = { target: server, from: `${server}/testing`, message: 'Only tests import the server test helpers in testing/.' }
/** The other layers' test helpers: src/main/testing (the main-process services' fakes) and src/shared/testing (for tests on every side). */
const mainTestHelperZone = { target: 'src/main', from: 'src/main/testing', message: 'Only tests import the main-process test helpers in testing/.' }
const sharedTestHelperZone = { target: 'src', from: 'src/shared/testing', message: 'Only tests import the shared test helpers in src/shared/testing/.' }
const syntaxRules = (...selectors) => ({ 'no-restricted-syntax': ['error', ...selectors.flat()] })
const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] })

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
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses each imported file itself and needs to be told which parser reads TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.base.json` })]
    },
    rules: {
      // Type-only imports are erased and do not count. Packages are not walked: a cycle through node_modules is not ours to fix.
      'import-x/no-cycle': ['error', { ignoreExternal: true }]
    }
  },
  {
    // Type-aware: a promise nobody awaits, catches or marks `void`; a promise where a callback's void return is
    // expected (an event handler's rejection would go nowhere); a switch over a union that forgets a member.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }]
    }
  },
  {
    // Small files and functions (docs/architecture.md, "Server layers"): a use case, a component or a hook in a file
    // of its own. Counted without blank lines and comments; tests and test helpers are exempt.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/shared/testing/**', 'src/server/testing/**', 'src/main/testing/**', 'src/renderer/src/testing/**', '**/*.d.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }]
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
  // Tests keep the same boundaries; beyond them only tests (and the helpers themselves) import the test helpers.
  { files: [`${renderer}/**/*.{ts,tsx}`], rules: restrictedPaths(boundaryZones) },
  {
    files: [`${renderer}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${renderer}/testing/**`],
    rules: restrictedPaths([...boundaryZones, testHelperZone, sharedTestHelperZone])
  },
  // Server tests are integration tests and may reach across the layers; production code may not.
  {
    files: [`${server}/**/*.ts`],
    ignores: ['**/*.test.ts', `${server}/testing/**`],
    rules: restrictedPaths([...serverZones, serverTestHelperZone, sharedTestHelperZone])
  },
  {
    files: ['src/{shared,main,preload}/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/shared/testing/**', 'src/main/testing/**'],
    rules: restrictedPaths([mainTestHelperZone, sharedTestHelperZone])
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the HostBridge (src/renderer/src/host).' },
        { name: 'open', message: 'Use hostBridge.openExternal.' },
        { name: 'confirm', message: 'A yes/no question is a ConfirmDialog (components/ConfirmDialog.tsx), not the browser’s confirm().' }
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'confirm',
          message: 'A yes/no question is a ConfirmDialog (components/ConfirmDialog.tsx), not the browser’s confirm().'
        }))
      ]
    }
  },
  {
    // Accessibility: jsx-a11y's recommended rules on the renderer's JSX. They judge DOM elements; Fluent's components
    // (Button, Input, Field…) bring their own roles, labels and keyboard handling and are left to Fluent.
    files: ['src/renderer/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus stays refused on DOM elements. On a Fluent component it is only ever written where a user's action
      // mounts it (a dialog opened, Reply or Suggest chosen, a dismissed card's Undo taking the focus its button held):
      // focus goes where the action leads, never on a page's load.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A named region that scrolls (or whose text is selected with the keyboard) is a tab stop, or the keyboard
      // cannot reach its content (axe's scrollable-region-focusable); tabpanel is the plugin's own default.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }]
    }
  },
  {
    files: [`${renderer}/**/*.{ts,tsx}`],
    ignores: [`${renderer}/components/ConfirmDialog.tsx`, `${renderer}/components/PersonAvatar.tsx`, `${renderer}/components/AppTooltip.tsx`],
    rules: syntaxRules(confirmationSelectors, avatarSelectors, tooltipSelectors, cssSelectors)
  },
  { files: [`${renderer}/components/ConfirmDialog.tsx`], rules: syntaxRules(avatarSelectors, tooltipSelectors, cssSelectors) },
  { files: [`${renderer}/components/PersonAvatar.tsx`], rules: syntaxRules(confirmationSelectors, tooltipSelectors, cssSelectors) },
  { files: [`${renderer}/components/AppTooltip.tsx`], rules: syntaxRules(confirmationSelectors, avatarSelectors, cssSelectors) }
)
