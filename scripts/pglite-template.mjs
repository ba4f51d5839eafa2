// `npm run build`'s last step: the migrated embedded database new data folders start from.
import { writePgliteTemplate } from './build-if-needed.mjs'

writePgliteTemplate()
