// A worker thread's entry where startWorker (start-worker.ts) cannot write its bundle: compile the
// TypeScript worker on the fly through tsx, then load it. workerData.entry is the worker module's URL.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
