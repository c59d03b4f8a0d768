import js from '@eslint/js'
import i18next from 'eslint-plugin-i18next'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importBoundaries } from './tools/eslint/import-boundaries.js'

export default tseslint.config(
  {
    ignores: [
      '.cache/**',
      '**/dist/**',
      '**/dist-catalogue/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { architecture: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'architecture/import-boundaries': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins are async functions by convention, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/console/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/material',
              message:
                "Import each component by path ('@mui/material/Dialog'): the build puts the shell's modules in one chunk by following imports (vite-early-entry.ts), and the barrel imports every component.",
            },
          ],
          patterns: [
            {
              // One implementation per widget: the console's own (src/components) on every screen. MUI stays for
              // what earns its weight: dialogs, the drawer, the autocomplete, the data grid, and their theme.
              regex:
                '^@mui/material/(?!(Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|Drawer|Autocomplete|styles|themeCssVarsAugmentation)$)',
              message:
                "Use the console's widget (src/components: Button, IconButton, TextField, Select, Checkbox, Notice, Toast, Chip, …); MUI is kept for dialogs, the drawer, the autocomplete and the data grid.",
            },
            {
              group: ['@mui/icons-material', '@mui/icons-material/*'],
              message: "Use the console's icons (src/components/icons.tsx), plain SVG.",
            },
            {
              group: ['@mui/system', '@mui/system/*', '@emotion/*'],
              message:
                "Style with CSS on the theme's variables (--sc-…); MUI's styling engine is for MUI's own parts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every string a person reads comes from the message catalogues (src/i18n/messages): no text in JSX, and no
    // literal in the props that are read out or shown (labels, titles, placeholders, helper texts).
    files: ['packages/console/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['^(label|title|aria-label|placeholder|alt|helperText|error|name|action|heading|text)$'],
          },
          // Marks, numbers and spacing alone are no words to translate.
          words: { exclude: ['^[^A-Za-z]*$'] },
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
