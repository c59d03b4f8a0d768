// One language's MUI X grid texts as a chunk of its own, fetched by load.ts when that language is shown.
export { zhCN as default } from '@mui/x-data-grid/locales'
