import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { GenericSchema, InferOutput } from 'valibot';
import type { CONTRACT } from './from-contract';

/**
 * Request types read from the route's schemas, never written beside them: a schema derived from the
 * contract (from-contract.ts) gives its valibot schema's output (defaults filled in, as Ajv fills
 * them), any other (written `as const` in this folder) the type json-schema-to-ts reads from it.
 * Replies stay unchecked here: their schemas only shape the JSON.
 */
export interface SchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends { readonly [CONTRACT]: infer S extends GenericSchema }
    ? InferOutput<S>
    : this['schema'] extends JSONSchema
      ? FromSchema<this['schema']>
      : unknown;
  serializer: unknown;
}

/** What a route plugin is registered on: Fastify with the schemas' types. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SchemaTypes
>;
