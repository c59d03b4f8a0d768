import './logo.css'

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Serving Console'

/** The product mark and name (its colours are the theme's brand colours, the same in both schemes). */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect className="logo-tile" width="32" height="32" rx="7" />
        <path className="logo-lines" d="M8 11h16M8 16h11M8 21h7" strokeWidth="2.6" strokeLinecap="round" />
        <circle className="logo-dot" cx="23" cy="21" r="3" />
      </svg>
      <span className="logo-name">{PRODUCT_NAME}</span>
    </span>
  )
}
