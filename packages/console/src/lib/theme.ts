import { createTheme } from '@mui/material/styles'

/** SPEC §9: base font 12, error colour #d8342c, a sans-serif family; tooltip delays 100 / 700 / 1500 ms. */
export const theme = createTheme({
  typography: {
    fontSize: 12,
    fontFamily: ['Inter', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(','),
  },
  palette: {
    primary: { main: '#3b4ca8' },
    secondary: { main: '#2e8b6e' },
    error: { main: '#d8342c' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500 } },
    MuiButton: { styleOverrides: { root: { fontWeight: 600 } } },
  },
})
