/**
 * The embedded database's thread (./pgliteThread.ts): built to out/main/pgliteWorker.js beside the
 * server. It makes a new data folder from the template, starts PGlite on it and answers the
 * server's statements.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { embeddedOptions } from './embedded'
import { servePglite, type PgliteThreadData } from './pgliteThread'
import { prepareDataFolder } from './unpackTemplate'

const data = workerData as PgliteThreadData | null
if (!parentPort || typeof data?.dataDir !== 'string') throw new Error('pgliteWorker.js runs as the embedded database thread of the Pagecrew server')

prepareDataFolder(data.dataDir, data.template)
servePglite(parentPort, new PGlite(data.dataDir, embeddedOptions()))
