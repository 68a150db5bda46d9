import { serve } from './serve';

/** `npm start` / `tsx server/src/main.ts`: run the server (see serve.ts and server/README.md). */
serve().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
