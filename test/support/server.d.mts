import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const ROOT: string;
export declare function serverArgs(entry: 'main' | 'cli', args?: string[]): string[];
export declare function spawnServer(options: {
  port: number;
  dataDir: string;
  demo: boolean;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): ChildProcess;
export declare function runServerCli(args: string[], options: { dataDir: string }): Promise<void>;
