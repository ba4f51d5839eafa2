import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import boundaries of eslint.config.js (DESIGN.md §2), proven on snippets linted as if they sat at a
 * path in the repository. The imported modules are real files, so the rules resolve them as they resolve
 * the app's own imports (aliases through the TypeScript resolver).
 */
const root = import.meta.dirname
// The snippets sit at paths no tsconfig holds, so the type-aware rules (which need the file in a project) are off here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off'
      }
    }
  ]
})
const renderer = 'src/renderer/src'

/** Real modules the snippets import; checked to exist, or an 'allowed' case would pass without resolving anything. */
const modules = {
  billingFeature: `${renderer}/features/billing/planFormat.ts`,
  scheduleFeature: `${renderer}/features/schedule/calendarDates.ts`,
  providers: `${renderer}/app/Providers.tsx`,
  emptyState: `${renderer}/components/EmptyState.tsx`,
  members: `${renderer}/api/members.ts`,
  queryKeys: `${renderer}/api/queryKeys.ts`,
  memberErrors: `${renderer}/dialogs/members/memberErrors.ts`,
  fixtures: `${renderer}/testing/fixtures.ts`,
  constants: 'src/shared/constants.ts',
  route: 'src/server/http/route.ts',
  userRoutes: 'src/server/routes/user.ts',
  sessions: 'src/server/services/sessions.ts',
  harness: 'src/server/testing/harness.ts',
  mainFakes: 'src/main/testing/fakes.ts',
  schemaWalk: 'src/shared/testing/walk.ts'
}

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`)
}

describe('lint boundaries', () => {
  it('imports real modules', () => {
    for (const path of Object.values(modules)) expect(existsSync(join(root, path)), path).toBe(true)
  })

  it.each([
    ['a feature imports another feature (alias)', `${renderer}/features/schedule/Probe.tsx`, "import { formatAmount } from '@renderer/features/billing/planFormat'"],
    ['a feature imports another feature (relative)', `${renderer}/features/schedule/Probe.tsx`, "import { formatAmount } from '../billing/planFormat'"],
    ['a feature imports app/', `${renderer}/features/content/Probe.tsx`, "import { Providers } from '@renderer/app/Providers'"],
    ['the shell imports a feature', `${renderer}/shell/Probe.tsx`, "import { formatAmount } from '@renderer/features/billing/planFormat'"],
    ['components/ imports a feature', `${renderer}/components/Probe.tsx`, "import { formatAmount } from '@renderer/features/billing/planFormat'"],
    ['api/ imports app/', `${renderer}/api/probe.ts`, "import { Providers } from '@renderer/app/Providers'"],
    ['dialogs/ imports a feature', `${renderer}/dialogs/teams/Probe.tsx`, "import { formatAmount } from '@renderer/features/billing/planFormat'"],
    ['app code imports a test helper', `${renderer}/features/schedule/Probe.tsx`, "import { aUser } from '@renderer/testing/fixtures'"],
    ['a test imports another feature', `${renderer}/features/schedule/Probe.test.tsx`, "import { formatAmount } from '@renderer/features/billing/planFormat'"]
  ])('reports %s', async (_case, filePath, importLine) => {
    const ids = await ruleIds(filePath, `${importLine}\nexport const probe = [${importLine.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(ids).toEqual(['import-x/no-restricted-paths'])
  })

  it.each([
    ['a use case imports http/', 'src/server/services/probe.ts', "import { route } from '../http/route'"],
    ['a job imports a route module', 'src/server/jobs/probe.ts', "import { registerUserRoutes } from '../routes/user'"],
    ['an event consumer imports http/', 'src/server/events/probe.ts', "import { route } from '../http/route'"],
    ['http/ imports a route module', 'src/server/http/probe.ts', "import { registerUserRoutes } from '../routes/user'"],
    ['db/ imports a use case', 'src/server/db/probe.ts', "import { createSessionService } from '../services/sessions'"],
    ['an adapter imports a use case', 'src/server/adapters/probe.ts', "import { createSessionService } from '../services/sessions'"],
    ['server code imports a test helper', 'src/server/services/probe.ts', "import { TestClient } from '../testing/harness'"]
  ])('keeps the server layers: reports %s', async (_case, filePath, importLine) => {
    const ids = await ruleIds(filePath, `${importLine}\nexport const probe = [${importLine.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(ids).toEqual(['import-x/no-restricted-paths'])
  })

  it('allows routes the http helper and the use cases, and server tests their helpers', async () => {
    const code = "import { route } from '../http/route'\nimport { createSessionService } from '../services/sessions'\nexport const probe = [route, createSessionService]\n"
    expect(await ruleIds('src/server/routes/probe.ts', code)).toEqual([])
    expect(await ruleIds('src/server/routes/probe.test.ts', "import { TestClient } from '../testing/harness'\nexport const probe = [TestClient]\n")).toEqual([])
  })

  it.each([
    ['main code imports a test helper', 'src/main/services/probe.ts', "import { recordingLog } from '../testing/fakes'"],
    ['shared code imports a test helper', 'src/shared/rules/probe.ts', "import { walkSchema } from '../testing/walk'"],
    ['server code imports a shared test helper', 'src/server/services/probe.ts', "import { walkSchema } from '../../shared/testing/walk'"],
    ['renderer code imports a shared test helper', `${renderer}/lib/probe.ts`, "import { walkSchema } from '@shared/testing/walk'"],
    ['the preload imports a shared test helper', 'src/preload/probe.ts', "import { walkSchema } from '../shared/testing/walk'"]
  ])('keeps test helpers to tests: reports %s', async (_case, filePath, importLine) => {
    const ids = await ruleIds(filePath, `${importLine}\nexport const probe = [${importLine.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(ids).toEqual(['import-x/no-restricted-paths'])
  })

  it('allows tests the test helpers of their layer and the shared ones', async () => {
    expect(await ruleIds('src/main/services/probe.test.ts', "import { recordingLog } from '../testing/fakes'\nexport const probe = [recordingLog]\n")).toEqual([])
    expect(await ruleIds('src/shared/api/probe.test.ts', "import { walkSchema } from '../testing/walk'\nexport const probe = [walkSchema]\n")).toEqual([])
    expect(await ruleIds('src/server/http/probe.test.ts', "import { walkSchema } from '../../shared/testing/walk'\nexport const probe = [walkSchema]\n")).toEqual([])
  })

  it('keeps production files under 400 lines and functions under 120, not tests', async () => {
    const body = Array.from({ length: 121 }, (_, i) => `  total += ${i}`).join('\n')
    const longFunction = `export function probe(): number {\n  let total = 0\n${body}\n  return total\n}\n`
    expect(await ruleIds('src/server/services/probe.ts', longFunction)).toEqual(['max-lines-per-function'])
    const longFile = Array.from({ length: 401 }, (_, i) => `export const probe${i} = ${i}`).join('\n') + '\n'
    expect(await ruleIds('src/renderer/src/lib/probe.ts', longFile)).toEqual(['max-lines'])
    expect(await ruleIds('src/server/services/probe.test.ts', longFunction)).toEqual([])
  })

  it('reports an import cycle, through an alias', async () => {
    // members.ts imports queryKeys.ts: linted as queryKeys.ts, this import closes the circle.
    const ids = await ruleIds(modules.queryKeys, "import { useAllMembers } from '@renderer/api/members'\nexport const probe = useAllMembers\n")
    expect(ids).toEqual(['import-x/no-cycle'])
  })

  it.each([
    ['the renderer imports server code', `${renderer}/lib/probe.ts`, "import { ApiError } from '../../../server/errors'"],
    ['shared imports the renderer', 'src/shared/probe.ts', "import { useAllMembers } from '@renderer/api/members'"],
    ['main services import Electron', 'src/main/services/probe.ts', "import { app } from 'electron'"]
  ])('keeps the layers: reports %s', async (_case, filePath, importLine) => {
    const ids = await ruleIds(filePath, `${importLine}\nexport const probe = [${importLine.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(ids).toContain('no-restricted-imports')
  })

  it('allows a feature its own folder, shared, components, api and dialogs; a test also the test helpers', async () => {
    const imports = [
      "import { MAX_UPLOAD_BYTES } from '@shared/constants'",
      "import { EmptyState } from '@renderer/components/EmptyState'",
      "import { useAllMembers } from '@renderer/api/members'",
      "import { memberKeys } from '@renderer/api/queryKeys'",
      "import { invitationFailure } from '@renderer/dialogs/members/memberErrors'",
      "import { addDays } from './calendarDates'"
    ]
    const code = `${imports.join('\n')}\nexport const probe = [MAX_UPLOAD_BYTES, EmptyState, useAllMembers, memberKeys, invitationFailure, addDays]\n`
    expect(await ruleIds(`${renderer}/features/schedule/Probe.tsx`, code)).toEqual([])
    const testCode = `import { aUser } from '@renderer/testing/fixtures'\n${code.replace('probe =', 'probe = [aUser,')}]`
    expect(await ruleIds(`${renderer}/features/schedule/Probe.test.tsx`, testCode)).toEqual([])
  })

  const fluentDialog = "import { Dialog } from '@fluentui/react-components'\n"
  const confirmDialog = "import { ConfirmDialog } from '@renderer/components/ConfirmDialog'\n"
  const deleteConfirm = "import { DeleteConfirm } from '@renderer/components/DeleteConfirm'\n"
  const confirmProps = 'open title="Delete" confirmLabel="Delete" onCancel={() => undefined}'
  const deleteProps = 'open title="Delete" confirmLabel="Delete" onError={() => undefined} onClose={() => undefined} data-testid="probe"'
  const mutation = 'const remove = { mutate: (id: string) => id, mutateAsync: async (id: string) => id }\n'

  it.each([
    ['an alert dialog built by hand', `${fluentDialog}export const probe = <Dialog modalType="alert" open>{null}</Dialog>\n`],
    ["modalType={'alert'}", `${fluentDialog}export const probe = <Dialog modalType={'alert'} open>{null}</Dialog>\n`],
    ['modalType={"alert"}', `${fluentDialog}export const probe = <Dialog modalType={"alert"} open>{null}</Dialog>\n`],
    ['modalType={`alert`}', `${fluentDialog}export const probe = <Dialog modalType={\`alert\`} open>{null}</Dialog>\n`],
    ['an alert on one side of a condition', `${fluentDialog}export const probe = (ask: boolean) => <Dialog modalType={ask ? 'alert' : 'modal'} open>{null}</Dialog>\n`],
    ["Fluent's Dialog imported under another name", "import { Dialog as Modal } from '@fluentui/react-components'\nexport const probe = <Modal modalType=\"alert\" open>{null}</Modal>\n"],
    ["Fluent's Dialog through a namespace import", "import * as Fluent from '@fluentui/react-components'\nexport const probe = <Fluent.Dialog modalType=\"alert\" open>{null}</Fluent.Dialog>\n"],
    ['an alert spread in as props', `${fluentDialog}export const probe = <Dialog {...{ modalType: 'alert' as const }} open>{null}</Dialog>\n`],
    ['an element of role alertdialog', 'export const probe = <div role="alertdialog" aria-label="Delete?">{null}</div>\n'],
    ['a modalType lint cannot read (a variable)', `${fluentDialog}export const probe = (kind: 'alert' | 'modal') => <Dialog modalType={kind} open>{null}</Dialog>\n`],
    ['a modalType lint cannot read (a template with a value)', `${fluentDialog}export const probe = (kind: string) => <Dialog modalType={\`\${kind}\`} open>{null}</Dialog>\n`],
    ['a modalType lint cannot read (a condition)', `${fluentDialog}export const probe = (ask: boolean, kind: 'alert') => <Dialog modalType={ask ? kind : 'modal'} open>{null}</Dialog>\n`],
    ['a confirmation whose answer does not return its promise', `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={() => remove.mutate('x')} />\n`],
    ['mutate handed over as the answer', `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={remove.mutate} />\n`],
    ["mutate called as remove['mutate']", `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={() => remove['mutate']('x')} />\n`],
    ['mutate called through ?.', `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={() => remove?.mutate('x')} />\n`],
    ['mutate bound', `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={remove.mutate.bind(null, 'x')} />\n`],
    ['a destructured mutate called', `${confirmDialog}${mutation}const { mutate } = remove\nexport const probe = <ConfirmDialog ${confirmProps} onConfirm={() => mutate('x')} />\n`],
    ['a destructured mutate handed over', `${confirmDialog}${mutation}const { mutate } = remove\nexport const probe = <ConfirmDialog ${confirmProps} onConfirm={mutate} />\n`],
    ["DeleteConfirm's onDelete calling mutate", `${deleteConfirm}${mutation}export const probe = <DeleteConfirm ${deleteProps} onDelete={async () => remove.mutate('x')} />\n`],
    ['mutate in an answer given as props', `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} {...{ onConfirm: () => remove.mutate('x') }} />\n`]
  ])('keeps confirmations on ConfirmDialog: reports %s', async (_case, code) => {
    expect(await ruleIds(`${renderer}/features/settings/Probe.tsx`, code)).toEqual(['no-restricted-syntax'])
  })

  it('reports an alert dialog made without JSX, in a .ts file', async () => {
    const code = `import { createElement } from 'react'\n${fluentDialog}export const probe = createElement(Dialog, { modalType: 'alert', open: true })\n`
    expect(await ruleIds(`${renderer}/features/settings/probe.ts`, code)).toEqual(['no-restricted-syntax'])
  })

  it("reports the browser's confirm(), called or through window, not a function of the file's own named confirm", async () => {
    expect(await ruleIds(`${renderer}/features/settings/probe.ts`, "export const probe = () => confirm('Delete?')\n")).toEqual(['no-restricted-globals'])
    expect(await ruleIds(`${renderer}/features/settings/probe.ts`, "export const probe = () => window.confirm('Delete?')\n")).toEqual(['no-restricted-properties'])
    const own = 'const confirm = (choice: string) => choice\nexport const probe = () => confirm(\'entry\')\n'
    expect(await ruleIds(`${renderer}/features/settings/probe.ts`, own)).toEqual([])
  })

  it('allows a ConfirmDialog or DeleteConfirm whose answer returns its promise, and a Dialog that is no alert', async () => {
    const allowed = [
      `${confirmDialog}${mutation}export const probe = <ConfirmDialog ${confirmProps} onConfirm={() => remove.mutateAsync('x')} />\n`,
      `${deleteConfirm}${mutation}export const probe = <DeleteConfirm ${deleteProps} onDelete={async () => { await remove.mutateAsync('x') }} />\n`,
      `${fluentDialog}export const probe = <Dialog modalType="modal" open>{null}</Dialog>\n`,
      `${fluentDialog}export const probe = <Dialog modalType={'non-modal'} open>{null}</Dialog>\n`,
      `${fluentDialog}export const probe = (docked: boolean) => <Dialog modalType={docked ? 'non-modal' : 'modal'} open>{null}</Dialog>\n`
    ]
    for (const code of allowed) expect(await ruleIds(`${renderer}/features/settings/Probe.tsx`, code), code).toEqual([])
  })

  it('leaves the kit alone: ConfirmDialog (the one alert), DeleteConfirm and FormDialog lint clean', async () => {
    const kit = ['ConfirmDialog.tsx', 'DeleteConfirm.tsx', 'FormDialog.tsx'].map((file) => join(root, renderer, 'components', file))
    const results = await eslint.lintFiles(kit)
    expect(results.map((r) => [relative(root, r.filePath), r.messages.map((m) => m.ruleId)])).toEqual(
      kit.map((path) => [relative(root, path), []])
    )
  })

  it('draws people with PersonAvatar: Fluent’s Avatar imported by a feature is reported, PersonAvatar is not', async () => {
    const fluent = "import { Avatar } from '@fluentui/react-components'\nexport const probe = <Avatar name=\"محمد علي\" />\n"
    const ours = "import { PersonAvatar } from '@renderer/components/PersonAvatar'\nexport const probe = <PersonAvatar name=\"محمد علي\" />\n"
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, fluent)).toEqual(['no-restricted-syntax'])
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, ours)).toEqual([])
  })

  it('reports a minus written before a token or var() (no CSS value: Chromium drops the declaration), not calc(… * -1)', async () => {
    const head = "import { tokens } from '@fluentui/react-components'\n"
    const token = `${head}export const probe = { outlineOffset: \`-\${tokens.strokeWidthThick}\` }\n`
    const literal = "export const probe = { marginRight: '-var(--spacingHorizontalXS)' }\n"
    const calc = `${head}export const probe = { outlineOffset: \`calc(\${tokens.strokeWidthThick} * -1)\`, id: \`a-\${tokens.strokeWidthThick}\` }\n`
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, token)).toEqual(['no-restricted-syntax'])
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, literal)).toEqual(['no-restricted-syntax'])
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, calc)).toEqual([])
  })

  it('shows tooltips with AppTooltip (the spec’s timing): Fluent’s Tooltip imported by a feature is reported, AppTooltip is not', async () => {
    const fluent = "import { Tooltip } from '@fluentui/react-components'\nexport const probe = <Tooltip content=\"Plan\" relationship=\"label\"><button /></Tooltip>\n"
    const ours = "import { AppTooltip } from '@renderer/components/AppTooltip'\nexport const probe = <AppTooltip content=\"Plan\" relationship=\"label\"><button /></AppTooltip>\n"
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, fluent)).toEqual(['no-restricted-syntax'])
    expect(await ruleIds(`${renderer}/features/team/Probe.tsx`, ours)).toEqual([])
  })

  it('checks the renderer’s JSX for accessibility: an image without alt and a clickable div are reported, their fixed versions are not', async () => {
    const probe = `${renderer}/features/team/Probe.tsx`
    expect(await ruleIds(probe, 'export const probe = <img src="ada.png" />\n')).toEqual(['jsx-a11y/alt-text'])
    expect(await ruleIds(probe, 'export const probe = (open: () => void) => <div onClick={open}>Ada</div>\n')).toEqual([
      'jsx-a11y/click-events-have-key-events',
      'jsx-a11y/no-static-element-interactions'
    ])
    expect(await ruleIds(probe, 'export const probe = <img src="ada.png" alt="Ada Lovelace" />\n')).toEqual([])
    expect(await ruleIds(probe, 'export const probe = (open: () => void) => <button type="button" onClick={open}>Ada</button>\n')).toEqual([])
  })

  it('refuses autoFocus on a DOM element, not on a Fluent component; makes a named region a tab stop, not a group', async () => {
    const probe = `${renderer}/features/team/Probe.tsx`
    const input = "import { Input } from '@fluentui/react-components'\n"
    expect(await ruleIds(probe, 'export const probe = <input aria-label="Name" autoFocus />\n')).toEqual(['jsx-a11y/no-autofocus'])
    expect(await ruleIds(probe, `${input}export const probe = <Input aria-label="Name" autoFocus />\n`)).toEqual([])
    expect(await ruleIds(probe, 'export const probe = <div role="group" aria-label="Figures" tabIndex={0} />\n')).toEqual(['jsx-a11y/no-noninteractive-tabindex'])
    expect(await ruleIds(probe, 'export const probe = <div role="region" aria-label="Figures" tabIndex={0} />\n')).toEqual([])
  })

  it('finds no two modules whose import paths differ only by case (one would resolve to the other on macOS and Windows)', () => {
    const seen = new Map<string, string>()
    const clashes: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        // Imports name modules without their extension: './tagList' could mean tagList.ts or TagList.tsx.
        const key = (entry.isDirectory() ? `${path}/` : path.replace(/\.[^.]+$/, '')).toLowerCase()
        if (seen.has(key)) clashes.push(`${relative(root, seen.get(key) ?? '')} / ${relative(root, path)}`)
        seen.set(key, path)
        if (entry.isDirectory()) walk(path)
      }
    }
    walk(join(root, 'src'))
    expect(clashes).toEqual([])
  })
})
