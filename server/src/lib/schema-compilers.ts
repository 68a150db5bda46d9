import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Fastify's own schema compilers (Ajv for what a request brings, fast-json-stringify for what a reply
 * sends), each compiled function kept for the life of the process under its schema's text, its part of
 * the request or its status, and the compiler's options. Fastify compiles every route's schemas again
 * for each app it builds: 0.6 s of CPU an app, spent 160 times a run by the server suite, whose test
 * servers share one process. Each schema is compiled when its route first uses it: compiling them all
 * cost every start ~0.2 s of CPU (a CLI command, a node that serves a few routes), and a schema Ajv
 * refuses is still found by the tests, which call every route (fuzz.test.ts).
 */
export function sharedSchemaCompilers(): CompilersFactory {
  // The packages' types describe other call shapes than the one Fastify makes (RouteSchema below).
  return {
    buildValidator: shared('validator', AjvCompiler()),
    buildSerializer: shared('serializer', SerializerSelector()),
  } as CompilersFactory;
}

/** What Fastify hands a compiler for one schema of one route. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}
type Factory = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => unknown;

const compiled = new Map<string, unknown>();

/** `factory`, with what it compiles kept by the schema's text and everything else it depends on. */
function shared(kind: string, factory: unknown): Factory {
  const build = factory as Factory;
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const setting = `${kind} ${JSON.stringify(externalSchemas)} ${JSON.stringify(options)}`;
    return (route) => {
      const key = `${setting} ${route.httpPart} ${route.httpStatus} ${route.contentType} ${JSON.stringify(route.schema)}`;
      if (!compiled.has(key))
        compiled.set(
          key,
          onFirstCall(() => compile(route) as Compiled),
        );
      return compiled.get(key);
    };
  };
}

/** A compiled validator or serializer; Fastify reads a validator's `errors` after a call that fails. */
type Compiled = ((value: unknown) => unknown) & { errors?: unknown };

/** A function that compiles itself with `compile` when it is first called, then behaves as what it made. */
function onFirstCall(compile: () => Compiled): Compiled {
  let made: Compiled | undefined;
  const call: Compiled = (value) => {
    made ??= compile();
    const result = made(value);
    call.errors = made.errors;
    return result;
  };
  return call;
}
