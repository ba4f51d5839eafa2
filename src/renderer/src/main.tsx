import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { createQueryClient } from '@renderer/api/queryClient'
import { Providers } from '@renderer/app/Providers'
import { createAppRouter } from '@renderer/app/router'
import { getHostBridge } from '@renderer/host/getHostBridge'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers host={getHostBridge()} queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>
)
