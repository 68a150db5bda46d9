// A worker thread's entry: compile the TypeScript worker on the fly (the server runs under tsx),
// then load it. workerData.entry is the worker module's URL.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
