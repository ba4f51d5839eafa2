// `npm test`'s first step: the type check (tsc -b) and the linter (eslint) side by side. Each is one thread,
// so on a two-core machine they take the time of the slower one instead of the sum (docs/testing.md). Each
// one's output is printed whole when it ends, so the two never interleave; the step fails if either does.
import { spawn } from 'node:child_process'

const checks = [
  ['typecheck', 'tsc -b'],
  ['lint', 'eslint .']
]

const started = Date.now()
const results = await Promise.all(
  checks.map(
    ([name, command]) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { shell: process.platform === 'win32', stdio: ['ignore', 'pipe', 'pipe'] })
        let output = ''
        child.stdout.on('data', (chunk) => (output += chunk))
        child.stderr.on('data', (chunk) => (output += chunk))
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0)
          process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${command}) ${code === 0 ? 'passed' : 'failed'} in ${seconds} s\n${output}`)
          resolve(code === 0)
        })
      })
  )
)
process.exit(results.every(Boolean) ? 0 : 1)
