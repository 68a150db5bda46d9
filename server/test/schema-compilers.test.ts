import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from '../src/lib/schema-compilers';

type Compile = (route: object) => (value: unknown) => unknown;
type Factory = (externalSchemas: object, options: object) => Compile;
const ajvOptions = { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } };
const query = () => ({ type: 'object', properties: { page: { type: 'integer', default: 1 } } });
const reply = () => ({ type: 'object', properties: { id: { type: 'integer' } } });

describe('the shared schema compilers', () => {
  // Each app builds its own compilers from the factory, as Fastify does.
  const validators = () => (sharedSchemaCompilers().buildValidator as unknown as Factory)({}, ajvOptions);
  const serializers = () => (sharedSchemaCompilers().buildSerializer as unknown as Factory)({}, {});

  it("give a second app the function the first compiled for the same schema's text, and it works as Fastify's", () => {
    const first = validators()({ schema: query(), method: 'GET', url: '/a', httpPart: 'querystring' });
    const again = validators()({ schema: query(), method: 'GET', url: '/b', httpPart: 'querystring' });
    expect(again).toBe(first);
    const input: Record<string, unknown> = {};
    expect(first(input)).toBe(true);
    expect(input).toEqual({ page: 1 });
    expect(first({ page: 'x' })).toBe(false);

    const serialize = serializers()({ schema: reply(), method: 'GET', url: '/a', httpStatus: '200' });
    expect(serializers()({ schema: reply(), method: 'GET', url: '/b', httpStatus: '200' })).toBe(serialize);
    expect(serialize({ id: 7, secret: 'not in the schema' })).toBe('{"id":7}');
  });

  it('compile a schema when its route first uses it, and give its errors as Ajv does', () => {
    // A schema Ajv refuses: building the route's validator does not compile it, its first call does.
    const refused = validators()({ schema: { type: 'not-a-type' }, method: 'GET', url: '/c', httpPart: 'querystring' });
    expect(() => refused({})).toThrow(/schema is invalid/);
    const validate = validators()({ schema: query(), method: 'GET', url: '/d', httpPart: 'body' }) as ((value: unknown) => boolean) & {
      errors?: { instancePath: string; message: string }[] | null;
    };
    expect(validate({ page: 'x' })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath: '/page', message: 'must be integer' })]);
    expect(validate({ page: 2 })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('compile again for another schema, part of the request, status or options', () => {
    const first = validators()({ schema: query(), method: 'GET', url: '/a', httpPart: 'querystring' });
    expect(validators()({ schema: { ...query(), required: ['page'] }, httpPart: 'querystring' })).not.toBe(first);
    expect(validators()({ schema: query(), httpPart: 'body' })).not.toBe(first);
    const strict = (sharedSchemaCompilers().buildValidator as unknown as Factory)({}, { customOptions: { coerceTypes: false } });
    const noCoercion = strict({ schema: query(), httpPart: 'querystring' });
    expect(noCoercion).not.toBe(first);
    expect(noCoercion({ page: '2' })).toBe(false);
    const serialize = serializers()({ schema: reply(), httpStatus: '200' });
    expect(serializers()({ schema: reply(), httpStatus: '201' })).not.toBe(serialize);
  });
});
