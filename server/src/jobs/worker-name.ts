import os from 'node:os';

/** A worker's name when none is given (the `file_server` of the files it processes): `<host name>-<process id>`. */
export const defaultWorkerName = (): string => `${os.hostname()}-${process.pid}`;
