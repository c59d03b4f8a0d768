import type { ComponentType } from 'react'
import type { MessageId } from '../i18n/catalogue'
import { useT } from '../i18n/react'
import { chooseColorScheme, useColorSchemeChoice, type ColorSchemeChoice } from '../lib/color-scheme'
import { DarkModeOutlinedIcon, LightModeOutlinedIcon, SettingsBrightnessOutlinedIcon } from './icons'
import './color-scheme-switch.css'

const CHOICES: { value: ColorSchemeChoice; label: MessageId; Icon: ComponentType<{ fontSize?: 'small' }> }[] =
  [
    { value: 'light', label: 'common.colorScheme.light', Icon: LightModeOutlinedIcon },
    { value: 'dark', label: 'common.colorScheme.dark', Icon: DarkModeOutlinedIcon },
    { value: 'system', label: 'common.colorScheme.system', Icon: SettingsBrightnessOutlinedIcon },
  ]

/** The header's choice of colour scheme: light, dark, or the system's (remembered: lib/color-scheme.ts). */
export function ColorSchemeSwitch() {
  const choice = useColorSchemeChoice()
  const t = useT()
  return (
    <div className="color-scheme-switch" role="radiogroup" aria-label={t('common.colorScheme')}>
      {CHOICES.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={choice === value}
          aria-label={t(label)}
          title={t(label)}
          // One stop in the tab order; the arrows move between the three.
          tabIndex={choice === value ? 0 : -1}
          onClick={() => chooseColorScheme(value)}
          onKeyDown={(event) => {
            const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
            if (step === undefined) return
            event.preventDefault()
            const index = (CHOICES.findIndex((one) => one.value === choice) + step + CHOICES.length) % 3
            const next = CHOICES[index]
            if (!next) return
            chooseColorScheme(next.value)
            const buttons = event.currentTarget.parentElement?.querySelectorAll('button')
            buttons?.[index]?.focus()
          }}
        >
          <Icon fontSize="small" />
        </button>
      ))}
    </div>
  )
}
