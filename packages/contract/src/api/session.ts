import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LogoutRequest,
  OkResponse,
  RefreshRequest,
  SetupRequest,
  SetupResponse,
  SetupStatus,
  TokenResponse,
} from '../auth.js'
import { ServerFeatures } from '../features.js'
import { route } from './route.js'

/**
 * Signing in and out, one's own password, the first administrator's set-up, and what the console may show. What
 * Login must know comes before anyone signed in, so those routes are open.
 */
export const signIn = route({
  method: 'POST',
  path: '/token',
  summary: 'Sign in: an access token (and, with the user store, a refresh token)',
  body: LoginRequest,
  answers: { 200: TokenResponse },
  access: 'public',
  audit: 'auth',
})
// A refresh token stands for its user (an expired access token cannot); logout only revokes the one given.
export const refreshToken = route({
  method: 'POST',
  path: '/v1/auth/refresh',
  summary: 'Spend a refresh token for new tokens',
  body: RefreshRequest,
  answers: { 200: TokenResponse },
  access: 'public',
  whilePasswordMustChange: true,
  audit: 'auth',
})
export const signOut = route({
  method: 'POST',
  path: '/v1/auth/logout',
  summary: 'End the session of a refresh token',
  body: LogoutRequest,
  answers: { 200: OkResponse },
  access: 'public',
  whilePasswordMustChange: true,
  audit: 'auth',
})
export const signOutEverywhere = route({
  method: 'POST',
  path: '/v1/auth/logout-all',
  summary: 'End every session of the signed-in user, this one too',
  answers: { 200: OkResponse },
  access: 'signed-in',
  whilePasswordMustChange: true,
  audit: 'auth',
})
// One's own password: every signed-in user, and the one thing a user whose password was reset may do.
export const changeOwnPassword = route({
  method: 'PUT',
  path: '/v1/auth/password',
  summary: "Change the signed-in user's password",
  body: ChangePasswordRequest,
  answers: { 200: ChangePasswordResponse },
  access: 'signed-in',
  whilePasswordMustChange: true,
  audit: 'auth',
})
export const getServerFeatures = route({
  method: 'GET',
  path: '/api/v1/console/features',
  upstreamAlias: false,
  summary: "The console's own: what the server behind it can do (platform or gateway)",
  answers: { 200: ServerFeatures },
  access: 'public',
  audit: 'admin',
})
export const getSetupStatus = route({
  method: 'GET',
  path: '/api/v1/admin/setup/status',
  summary: 'Whether a first administrator is still needed',
  answers: { 200: SetupStatus },
  access: 'public',
  audit: 'admin',
})
// Open only while the user store has nobody; refused (403) once the first administrator exists.
export const setUpFirstAdmin = route({
  method: 'POST',
  path: '/api/v1/admin/setup',
  summary: 'Create the first administrator',
  body: SetupRequest,
  answers: { 201: SetupResponse },
  access: 'public',
  audit: 'admin',
})
