import type { HostBridge } from '@shared/host'
import { createWebHostBridge } from './webHost'

declare global {
  interface Window {
    /** The desktop preload's HostBridge (src/preload); absent in a browser. */
    pagecrew?: HostBridge
  }
}

let bridge: HostBridge | null = null

/** The desktop bridge when the preload exposed one, otherwise the web host. */
export function getHostBridge(): HostBridge {
  bridge ??= window.pagecrew ?? createWebHostBridge()
  return bridge
}
