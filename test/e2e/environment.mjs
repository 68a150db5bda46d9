// Where the end-to-end server listens and keeps its data; shared by the launcher and the fixtures.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.VP_E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.VP_E2E_DATA_DIR ?? join(tmpdir(), `vp-e2e-${E2E_PORT}`);
export { ROOT } from '../support/server.mjs';
