// One language's MUI X grid texts as a chunk of its own (grid-text.ts).
export { jaJP as default } from '@mui/x-data-grid/locales'
