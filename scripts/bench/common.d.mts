// Types of the helpers of common.mjs that the TypeScript measuring scripts (run under tsx) use.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export function percentile(values: number[], p: number): number;
export function fmtMs(value: number): string;
export function runCli(
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ ms: number; stdout: string; stderr: string }>;
export function rssMiB(pid: number | undefined): number;
export function startServer(options: {
  dataDir: string;
  demo: boolean;
  timeoutMs?: number;
  extraEnv?: Record<string, string>;
  port?: number;
}): Promise<{ url: string; port: number; child: ChildProcess; stop(): Promise<void>; log(): string }>;
