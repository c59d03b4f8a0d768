import * as z from 'zod/mini'

// zod's mini build (which the contract uses, so that the console ships less) carries no messages of its own: every
// issue would read "Invalid input". The server's 422s and configuration errors speak English.
z.config(z.locales.en())
