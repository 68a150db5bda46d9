import { toJsonSchema } from '@valibot/to-json-schema';
import type { ObjectEntries, ObjectSchema, StrictObjectSchema } from 'valibot';

/**
 * The key under which a derived JSON schema keeps the contract schema it came from: the routes' type
 * provider (route-types.ts) reads a request's type from it. A symbol, so Ajv, fast-json-stringify and the
 * OpenAPI document never see it.
 */
export const CONTRACT = Symbol('contract schema');

/** A JSON schema node, as Fastify (Ajv, fast-json-stringify) and the OpenAPI document read it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [keyword: string]: unknown;
}

export interface ObjectJsonSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
}

/** An object of the contract: `v.object` (unknown keys dropped) or `v.strictObject` (additionalProperties: false). */
type ContractObject = ObjectSchema<ObjectEntries, undefined> | StrictObjectSchema<ObjectEntries, undefined>;

/** What the contract leaves to the OpenAPI document: a property's description and format, and a pattern the contract keeps as a RegExp. */
export type Annotations<K extends string> = Partial<Record<K, { pattern?: string; description?: string; format?: string }>>;

/**
 * The JSON schema of one of the contract's object schemas (src/contract/), with the official converter,
 * written as the routes' hand-written schemas were: a nullable value as `type: [T, 'null']` (an `anyOf`
 * makes fast-json-stringify try each branch on every value it writes), an enum of whole numbers typed
 * `integer` (so the query string is coerced, and a wrong type reads "must be an integer"), no empty
 * `required` (OpenAPI 3.0 wants at least one name) and no `$schema`. `notes` adds the OpenAPI document's
 * descriptions and formats.
 */
export function contractSchema<S extends ContractObject>(
  schema: S,
  notes: Annotations<keyof S['entries'] & string> = {},
): ObjectJsonSchema & { readonly [CONTRACT]: S } {
  const { $schema: _draft, ...json } = toJsonSchema(schema, { errorMode: 'throw' }) as JsonSchema;
  const converted = plain(json) as ObjectJsonSchema;
  for (const [key, note] of Object.entries(notes)) Object.assign(converted.properties[key]!, note);
  return { ...converted, [CONTRACT]: schema };
}

function plain(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  const branches = node.anyOf;
  if (branches?.length === 2 && branches[1]?.type === 'null' && typeof branches[0]?.type === 'string') {
    delete out.anyOf;
    Object.assign(out, plain(branches[0]), { type: [branches[0].type, 'null'] });
  }
  if (node.enum?.every(Number.isInteger)) out.type = 'integer';
  if (node.required?.length === 0) delete out.required;
  if (node.properties) out.properties = Object.fromEntries(Object.entries(node.properties).map(([key, value]) => [key, plain(value)]));
  if (node.items) out.items = plain(node.items);
  return out;
}
