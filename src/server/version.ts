import { version } from '../../package.json'

/** The app version, from package.json (bundled at build time). */
export const APP_VERSION: string = version
