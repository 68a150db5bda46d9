import { toJsonSchema } from '@valibot/to-json-schema';
import type { ObjectEntries, ObjectSchema } from 'valibot';

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
  required: string[];
}

/** What the contract leaves to the OpenAPI document: a property's description and format. */
export type Annotations<K extends string> = Partial<Record<K, { description?: string; format?: string }>>;

/**
 * The JSON schema of one of the contract's object schemas (src/contract/), with the official converter,
 * written as the routes' hand-written schemas were: a nullable value as `type: [T, 'null']` (an `anyOf`
 * makes fast-json-stringify try each branch on every value it writes), an enum of whole numbers typed
 * `integer` (so the query string is coerced, and a wrong type reads "must be an integer"), and no `$schema`. `notes` adds the OpenAPI document's descriptions and formats.
 */
export function contractSchema<E extends ObjectEntries>(
  schema: ObjectSchema<E, undefined>,
  notes: Annotations<keyof E & string> = {},
): ObjectJsonSchema {
  const { $schema: _draft, ...json } = toJsonSchema(schema, { errorMode: 'throw' }) as JsonSchema;
  const converted = plain(json) as ObjectJsonSchema;
  for (const [key, note] of Object.entries(notes)) Object.assign(converted.properties[key]!, note);
  return converted;
}

function plain(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  const branches = node.anyOf;
  if (branches?.length === 2 && branches[1]?.type === 'null' && typeof branches[0]?.type === 'string') {
    delete out.anyOf;
    Object.assign(out, plain(branches[0]), { type: [branches[0].type, 'null'] });
  }
  if (node.enum?.every(Number.isInteger)) out.type = 'integer';
  if (node.properties) out.properties = Object.fromEntries(Object.entries(node.properties).map(([key, value]) => [key, plain(value)]));
  if (node.items) out.items = plain(node.items);
  return out;
}
