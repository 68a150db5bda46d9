// Where the end-to-end server listens and keeps its data; shared by the launcher and the fixtures.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.VP_E2E_PORT ?? 8181);
/** Where the webhooks spec's receiver listens (the server may send webhooks to it on loopback). */
export const E2E_WEBHOOK_PORT = E2E_PORT + 1;
export const E2E_DATA_DIR = process.env.VP_E2E_DATA_DIR ?? join(tmpdir(), `vp-e2e-${E2E_PORT}`);
export { ROOT } from '../support/server.mjs';
