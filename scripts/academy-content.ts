import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { academyContentData } from '../src/server/academy/model'
import { parseAcademyContent, readAcademyContentFiles } from '../src/server/academy/parse'

const ID = 'virtual:academy-content'
const RESOLVED = `\0${ID}`

/**
 * `import content from 'virtual:academy-content'` (src/server/academy/content.ts): the Academy's
 * Markdown under src/server/academy/content, checked and parsed when the server is built (and when
 * tests load it), handed over as JSON. An invalid file fails the build with the file's name
 * (AcademyContentError) instead of a start that refuses to run.
 */
export function academyContent(dir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server/academy/content')): Plugin {
  return {
    name: 'pagecrew-academy-content',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null
      const files = readAcademyContentFiles(dir)
      for (const file of Object.keys(files)) this.addWatchFile(resolve(dir, file))
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(academyContentData(parseAcademyContent(files))))})`
    }
  }
}
