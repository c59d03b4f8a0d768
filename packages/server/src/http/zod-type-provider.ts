import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import type * as z from 'zod/mini'
import './zod-messages.js'

/**
 * Lets routes declare contract (zod) schemas for params, query and body: Fastify validates with them and the
 * handlers get the parsed types. A dozen lines, so no plugin for it.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodMiniType ? z.input<this['schema']> : unknown
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data)
    return result.success ? { value: result.data } : { error: result.error }
  }

/**
 * Response schemas type the handlers' answers at compile time (through `serializer` above); at run time the
 * answer is plain JSON, so a 4 MB catalogue is not validated on every request.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodMiniType> = () => (data) =>
  JSON.stringify(data)
