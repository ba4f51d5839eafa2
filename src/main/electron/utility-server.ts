import { utilityProcess } from 'electron'
import type { ForkServer } from '../services/embedded-server'

/** Runs the embedded API server in an Electron utilityProcess (Node, outside the main process). */
export const forkUtilityServer: ForkServer = (modulePath, env) =>
  utilityProcess.fork(modulePath, [], { env, serviceName: 'Pagecrew API server', stdio: 'inherit' })
