/**
 * Runs CPU-bound jobs (speech synthesis, image drawing) in child processes, so the server's event loop keeps
 * answering and a long video's render does not carry their memory: a child exits after a few idle seconds and
 * gives every byte back to the system (worker threads would leave their heaps in this process). Each child does
 * one task at a time; an aborted task kills its child (the only way to stop synchronous work).
 *
 * Child modules are loaded by Node itself (or tsx when the parent runs under it), so they must be plain ESM or
 * erasable TypeScript with relative `.ts` imports (no `~/` alias).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface WorkerRequest<T> {
  id: number;
  payload: T;
}

export type WorkerResponse<R> = { id: number; ok: true; result: R } | { id: number; ok: false; error: string };

interface Task<T, R> {
  id: number;
  payload: T;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot<T, R> {
  child: ChildProcess;
  task: Task<T, R> | null;
  idleTimer: NodeJS.Timeout | null;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');

export interface PoolOptions {
  size?: number;
  /**
   * A child idle this long exits. Short, because the pipeline's next stage (ffmpeg) needs that memory at once;
   * back-to-back calls (chunks, scenes) still reuse one child.
   */
  idleMs?: number;
}

export class WorkerPool<T, R> {
  private readonly module: string;
  private readonly size: number;
  private readonly idleMs: number;
  private readonly slots: Slot<T, R>[] = [];
  private readonly queue: Task<T, R>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(module: URL, options: PoolOptions = {}) {
    this.module = fileURLToPath(module);
    this.size = options.size ?? 1;
    this.idleMs = options.idleMs ?? 500;
  }

  run(payload: T, options: { signal?: AbortSignal | undefined } = {}): Promise<R> {
    if (this.closed) return Promise.reject(new Error('Worker pool is closed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<R>((resolve, reject) => {
      const task: Task<T, R> = { id: this.nextId++, payload, resolve, reject, signal, onAbort: () => this.abort(task) };
      signal?.addEventListener('abort', task.onAbort, { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, () => task.reject(new Error('Worker pool closed')));
    await Promise.all(this.slots.slice().map((slot) => this.stop(slot, new Error('Worker pool closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot =
        this.slots.find((s) => s.task === null) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const task = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.task = task;
      this.hold(slot, true);
      slot.child.send({ id: task.id, payload: task.payload } satisfies WorkerRequest<T>);
    }
  }

  private spawn(): Slot<T, R> {
    const child = fork(this.module, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const slot: Slot<T, R> = { child, task: null, idleTimer: null };
    child.on('message', (message: WorkerResponse<R>) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      this.hold(slot, false);
      this.settle(task, () => (message.ok ? task.resolve(message.result) : task.reject(new Error(message.error))));
      slot.idleTimer = setTimeout(() => void this.stop(slot, null), this.idleMs);
      slot.idleTimer.unref();
      this.dispatch();
    });
    child.on('exit', (code, signal) =>
      this.forget(slot, new Error(`Worker stopped unexpectedly (${signal ?? `exit ${code}`})`)),
    );
    child.on('error', (error) => this.forget(slot, error));
    this.slots.push(slot);
    return slot;
  }

  /** A busy child keeps this process alive; an idle one must not hold up a CLI or a test run. */
  private hold(slot: Slot<T, R>, busy: boolean): void {
    const handles = [slot.child, slot.child.channel];
    for (const handle of handles) {
      if (busy) handle?.ref();
      else handle?.unref();
    }
  }

  /** Takes a slot out of service; a task still on it fails with `error`. */
  private forget(slot: Slot<T, R>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = null;
    if (task) this.settle(task, () => task.reject(error));
    if (!this.closed) this.dispatch();
  }

  private stop(slot: Slot<T, R>, error: Error | null): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (slot.child.exitCode !== null || slot.child.signalCode !== null) resolve();
      else slot.child.once('exit', () => resolve());
    });
    this.forget(slot, error ?? new Error('Worker stopped'));
    // Keep the loop alive until the exit is seen, or a closing caller would never get its answer.
    slot.child.ref();
    slot.child.kill('SIGKILL');
    return exited;
  }

  private abort(task: Task<T, R>): void {
    const queued = this.queue.indexOf(task);
    if (queued !== -1) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.task === task);
    if (slot) void this.stop(slot, abortError(task.signal!));
    else this.settle(task, () => task.reject(abortError(task.signal!)));
  }

  private settle(task: Task<T, R>, finish: () => void): void {
    task.signal?.removeEventListener('abort', task.onAbort);
    finish();
  }
}

/** The child side: answers each request with the handler's result; exits with its parent. */
export function serveWorker<T, R>(handler: (payload: T) => Promise<R> | R): void {
  process.on('disconnect', () => process.exit(0));
  process.on('message', async ({ id, payload }: WorkerRequest<T>) => {
    try {
      const result = await handler(payload);
      process.send?.({ id, ok: true, result } satisfies WorkerResponse<R>);
    } catch (error) {
      process.send?.({
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies WorkerResponse<R>);
    }
  });
}
