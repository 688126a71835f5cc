import '@mantine/core/styles.css'
import '@mantine/charts/styles.css'
import '@mantine/notifications/styles.css'
import './global.css'
import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { getCspNonce } from '@/lib/csp-nonce'
import { Providers } from './providers'
import { AppRoutes } from './router'

// Mantine's modals lock scrolling with a <style> tag that takes its nonce from get-nonce, not from Mantine.
setNonce(getCspNonce())

const container = document.getElementById('root')
if (!container) throw new Error('The #root element is missing from index.html')

createRoot(container).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
)
