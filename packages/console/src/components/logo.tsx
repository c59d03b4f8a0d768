import './logo.css'

/** The product mark and name. */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#3b4ca8" />
        <path d="M8 11h16M8 16h11M8 21h7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="23" cy="21" r="3" fill="#7fd1ae" />
      </svg>
      <span className="logo-name">Serving Console</span>
    </span>
  )
}
