import { createContext } from 'react'

/**
 * Whether what the frame around a screen draws above it has settled (app-layout.tsx: the needs-attention strip), so
 * that the screen takes the prerendered page's place with it rather than be pushed down by it a moment later, under
 * a person's click (docs/decisions/0027). True where nothing is drawn above a screen (Login).
 */
export const RevealGate = createContext(true)
