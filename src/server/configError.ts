/**
 * A configuration value that cannot be used, with one readable line saying which and why. Its own
 * module because both config.ts and the adapters' config readers (which config.ts calls) throw it.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
