import * as z from 'zod/mini'

/**
 * The one rule for names a user picks — a custom model's name and a launched model's uid: letters, digits, '.',
 * '_' and '-', starting with a letter or digit, at most 64 characters. The same name must be launchable,
 * terminable and deletable, so both sides of every route that carries one use this.
 */
export const MODEL_NAME_MAX_LENGTH = 64
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export const ModelName = z
  .string()
  .check(
    z.maxLength(MODEL_NAME_MAX_LENGTH, `at most ${MODEL_NAME_MAX_LENGTH} characters`),
    z.regex(MODEL_NAME_PATTERN, "use letters, digits, '.', '_' and '-', starting with a letter or digit"),
  )

/** Quantization names as upstream writes them: `q4_k_m`, `Int4`, `4-bit`, `none`. */
export const Quantization = z
  .string()
  .check(z.maxLength(64), z.regex(/^[A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' and '-'"))

/** A hub repository, `org/name`: no empty, `.` or `..` segment, so it can only name a repository. */
export const HubModelId = z.string().check(
  z.maxLength(200),
  z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a hub repository id, org/name'),
  z.refine(
    (id) => !id.split('/').some((part) => part === '..' || part === '.'),
    'a hub repository id, org/name',
  ),
)

/** A hub revision: a branch, tag or commit. */
export const HubRevision = z
  .string()
  .check(z.maxLength(100), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a branch, tag or commit'))

/**
 * A model file name template such as `qwen2.5-0.5b-instruct-{quantization}.gguf`: one file name, never a path,
 * so a registration cannot name a file outside its folder.
 */
export const FileNameTemplate = z.string().check(
  z.maxLength(255),
  z.regex(/^[A-Za-z0-9._{}-]+$/, "one file name: letters, digits, '.', '_', '-' and {quantization}"),
  z.refine((name) => !/^\.+$/.test(name) && !name.includes('..'), 'one file name, not a path'),
)
