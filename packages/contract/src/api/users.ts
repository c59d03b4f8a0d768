import {
  AdminUser,
  AdminUserList,
  CreateUserRequest,
  OkResponse,
  ResetPasswordRequest,
  SetupResponse,
  UpdateUserRequest,
  UserIdParams,
  UserPermissions,
} from '../auth.js'
import { route } from './route.js'

/** Upstream v3's user management (the platform's with its user store). */
export const listUsers = route({
  method: 'GET',
  path: '/api/v1/admin/users',
  summary: 'The users',
  answers: { 200: AdminUserList },
  access: 'users:manage',
  audit: 'admin',
})
export const createUser = route({
  method: 'POST',
  path: '/api/v1/admin/users',
  summary: 'Create a user',
  body: CreateUserRequest,
  answers: { 201: SetupResponse },
  access: 'users:manage',
  audit: 'admin',
})
export const getUser = route({
  method: 'GET',
  path: '/api/v1/admin/users/:user_id',
  summary: 'One user',
  params: UserIdParams,
  answers: { 200: AdminUser },
  access: 'users:manage',
  audit: 'admin',
})
export const updateUser = route({
  method: 'PUT',
  path: '/api/v1/admin/users/:user_id',
  summary: 'Enable, disable or change the permissions of a user',
  params: UserIdParams,
  body: UpdateUserRequest,
  answers: { 200: OkResponse },
  access: 'users:manage',
  audit: 'admin',
})
export const deleteUser = route({
  method: 'DELETE',
  path: '/api/v1/admin/users/:user_id',
  summary: 'Remove a user',
  params: UserIdParams,
  answers: { 200: OkResponse },
  access: 'users:manage',
  audit: 'admin',
})
export const setUserPassword = route({
  method: 'PUT',
  path: '/api/v1/admin/users/:user_id/password',
  summary: "Set a user's password",
  params: UserIdParams,
  body: ResetPasswordRequest,
  answers: { 200: OkResponse },
  access: 'users:manage',
  audit: 'admin',
})
export const getUserPermissions = route({
  method: 'GET',
  path: '/api/v1/admin/users/:user_id/permissions',
  summary: "A user's permissions",
  params: UserIdParams,
  answers: { 200: UserPermissions },
  access: 'users:manage',
  audit: 'admin',
})
export const setUserPermissions = route({
  method: 'PUT',
  path: '/api/v1/admin/users/:user_id/permissions',
  summary: "Set a user's permissions",
  params: UserIdParams,
  body: UserPermissions,
  answers: { 200: OkResponse },
  access: 'users:manage',
  audit: 'admin',
})
