import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'virtual:theme-variables.css'
import '../src/app/base.css'
import { followSystemColorScheme } from '../src/lib/color-scheme'
import { Catalogue } from './catalogue'

followSystemColorScheme()
const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Catalogue />
    </StrictMode>,
  )
}
