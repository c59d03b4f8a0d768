import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { SpinnerIcon } from './spinner'
import './button.css'

type Colour = 'primary' | 'error' | 'inherit'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'text' | 'outlined' | 'contained'
  size?: 'small' | 'medium'
  color?: Colour
  /** Before the label, as MUI's `startIcon`. */
  startIcon?: ReactNode
  /** Busy: a spinner in place of the start icon, and the button disabled. */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/** The console's button, on every screen (button.css, on the theme's tokens). */
export function Button({
  variant = 'text',
  size = 'medium',
  color = 'primary',
  startIcon,
  loading = false,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(
        'button',
        `button-${variant}`,
        color !== 'primary' && `button-${color}`,
        size === 'small' && 'button-small',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {(loading || startIcon) && (
        <span className="button-start-icon">{loading ? <SpinnerIcon /> : startIcon}</span>
      )}
      {children}
    </button>
  )
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Its name: an icon alone says nothing to a screen reader. */
  label: string
  size?: 'small' | 'medium'
  color?: Colour | 'default'
  children: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/** A round button holding an icon alone, named by `label`. */
export function IconButton({
  label,
  size = 'medium',
  color = 'default',
  className,
  children,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={classes(
        'icon-button',
        size === 'small' && 'icon-button-small',
        color !== 'default' && `icon-button-${color}`,
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  )
}
