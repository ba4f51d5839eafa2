export * from './enums'
export * from './entities'
