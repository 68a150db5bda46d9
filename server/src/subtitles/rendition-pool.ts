import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/start-worker';
import type { EditTextResult, EditTextTask, OpenUploadTask, SaveCheck } from './edit-text-tasks';
import type { Rendition } from './subtitle-content';

/** A player rendition to make, or a task of the cue editor's text. */
export type WorkerTask =
  { kind: 'rendition'; bytes: Uint8Array; fileName: string; charset: string | undefined; language: string | undefined } | EditTextTask;
export type RenditionRequest = WorkerTask & { id: number };
export type RenditionReply = { id: number; result?: Rendition | EditTextResult; error?: string };

interface Job {
  request: WorkerTask;
  /** The bytes' memory moves to the worker (see `make`). */
  transfer: ArrayBuffer[];
  /** What the task reads (sizeOf), taken before its bytes move. */
  size: number;
  resolve: (result: Rendition | EditTextResult) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: (Job & { id: number }) | null;
  /**
   * The lane kept for small tasks: it takes a task of SMALL_TASK_BYTES or less, and only while every
   * other worker converts a bigger one (else one worker at a time converts, as before, and the event
   * loop keeps the other core).
   */
  smallOnly: boolean;
}

/**
 * A task this size or under is small: a typical track (an 80-byte one, a 60 KB film's .srt) converts
 * in milliseconds. A lane of its own keeps it from waiting behind a 5 MB task of another account.
 */
export const SMALL_TASK_BYTES = 256 * 1024;

/** What a task reads: its bytes, or its text's UTF-16 length (close enough to its bytes to choose a lane). */
const sizeOf = (task: WorkerTask): number => (task.kind === 'save' ? task.text.length : task.bytes.byteLength);

const ENTRY = new URL('./rendition-worker.ts', import.meta.url);

/** One worker per core but one (that one serves the requests), at most two: conversions are short (the pool adds its small tasks' lane). */
export const defaultRenditionWorkers = (): number => Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * Subtitle conversions (detect, decode, parse, write WebVTT: ~100 ms of CPU for a 5 MB
 * windows-1251 .srt) run in a few worker threads, first come first served, so that an account
 * uploading 5 MB files back to back never holds the event loop that every other request needs. One
 * more worker takes small tasks while the others convert big ones: under load a 2 MB cue-editor save
 * takes a second or more, and another account's 80-byte upload should not wait for it. A crashed worker fails its job and is
 * replaced.
 */
export class RenditionPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  /**
   * The workers start with the first task: a thread costs ~40 ms of CPU to start, and most servers
   * (a node that only serves the list, every CLI command, most test servers) never convert a track.
   */
  constructor(size: number) {
    this.#size = size;
  }

  #started(): Slot[] {
    if (!this.#slots.length) {
      for (let i = 0; i < this.#size; i++) this.#slots.push(this.#spawn(false));
      this.#slots.push(this.#spawn(true));
    }
    return this.#slots;
  }

  #spawn(smallOnly: boolean): Slot {
    const slot: Slot = { worker: startWorker(ENTRY), job: null, smallOnly };
    slot.worker.on('message', (reply: RenditionReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if (reply.result) job.resolve(reply.result);
      else job.reject(new Error(reply.error ?? 'the conversion failed'));
      this.#dispatch();
    });
    const fail = (err: Error) => {
      slot.job?.reject(err);
      slot.job = null;
      const index = this.#slots.indexOf(slot);
      if (index >= 0 && !this.#closed) {
        this.#slots[index] = this.#spawn(slot.smallOnly);
        this.#dispatch();
      }
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`conversion worker exited (${code})`)));
    return slot;
  }

  /**
   * The player's rendition of `bytes` (see makeRendition), made in a worker. `handOver`: the caller
   * reads `bytes` no more, so when they fill their memory alone it moves to the worker (left empty
   * here) instead of being copied on the event loop: ~7 ms for 5 MB on a loaded machine.
   */
  make(bytes: Uint8Array, fileName: string, charset?: string, language?: string, { handOver = false } = {}): Promise<Rendition> {
    const movable =
      handOver && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const transfer = movable ? [bytes.buffer as ArrayBuffer] : [];
    return this.#run({ kind: 'rendition', bytes, fileName, charset, language }, transfer) as Promise<Rendition>;
  }

  /** A text sent to the cue editor's save, checked and cleaned in a worker (see savableVtt). */
  savable(text: string): Promise<SaveCheck> {
    return this.#run({ kind: 'save', text }, []) as Promise<SaveCheck>;
  }

  /** A track's upload as the cue editor edits it, made in a worker (see edit-text-tasks.ts); null when none. */
  async uploadText(task: Omit<OpenUploadTask, 'kind'>): Promise<string | null> {
    return ((await this.#run({ kind: 'open-upload', ...task }, [])) as { text: string | null }).text;
  }

  #run(request: WorkerTask, transfer: ArrayBuffer[]): Promise<Rendition | EditTextResult> {
    if (this.#closed) return Promise.reject(new Error('the conversion pool is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ request, transfer, size: sizeOf(request), resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    for (const slot of this.#started()) {
      if (slot.job) continue;
      if (slot.smallOnly && !this.#slots.every((other) => other.smallOnly || (other.job && other.job.size > SMALL_TASK_BYTES))) continue;
      const at = slot.smallOnly ? this.#queue.findIndex((job) => job.size <= SMALL_TASK_BYTES) : 0;
      if (at < 0 || at >= this.#queue.length) continue;
      const [job] = this.#queue.splice(at, 1) as [Job];
      const id = this.#nextId++;
      slot.job = { ...job, id };
      slot.worker.postMessage({ ...job.request, id } as RenditionRequest, job.transfer);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('the server is closing'));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }
}
