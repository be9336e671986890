// The journal archiver (docs/card.md "Ledger", archiving): a loop like the kit's outbox relay. The
// ledger reports each card whose journal reached JOURNAL_MAX entries after an apply (`enqueue`); the
// archiver moves all but the newest JOURNAL_KEEP of them to `postings`, several cards at once. A
// periodic sweep finds the cards a crash left long (a scan of `cards`, so it runs rarely). Every
// step is safe to run concurrently with appliers and other archivers (conditional on the archive
// epoch; copies are keyed by op id), so several instances may archive at once.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ledger } from './ledger.js';

export interface ArchiverOptions {
  ledger: Ledger;
  /** JOURNAL_MAX: the sweep archives cards whose journal holds this many entries. */
  max: number;
  /** JOURNAL_KEEP: entries left inline. */
  keep: number;
  /** ARCHIVE_SWEEP_MS: how often the sweep looks for long journals. */
  sweepMs: number;
  /** Cards archived at once (default 4): the archiver must keep up with many busy cards. */
  concurrency?: number;
  onError?: (error: unknown) => void;
}

export class JournalArchiver {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly queue = new Set<string>();
  private readonly inflight = new Set<Promise<void>>();
  /** Cards being archived by this archiver (not started twice at once; safe anyway, just wasted). */
  private readonly busy = new Set<string>();
  private lastSweep = 0;
  /** Postings moved to `postings` so far. */
  moved = 0;

  constructor(private readonly options: ArchiverOptions) {}

  /** Archive this card soon. */
  enqueue(cardId: string): void {
    this.queue.add(cardId);
    this.wake?.();
  }

  /** Archives every queued card (tests and the sweep); answers how many postings moved. */
  async drain(): Promise<number> {
    const before = this.moved;
    const work = async () => {
      for (let cardId = this.next(); cardId !== undefined; cardId = this.next()) await this.archive(cardId, true);
    };
    await Promise.all(Array.from({ length: this.concurrency }, work));
    return this.moved - before;
  }

  /** One pass over every card with a long journal; answers how many postings moved. */
  async sweep(): Promise<number> {
    this.lastSweep = Date.now();
    for (const cardId of await this.options.ledger.longJournals(this.options.max)) this.queue.add(cardId);
    return this.drain();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private get concurrency(): number {
    return this.options.concurrency ?? 4;
  }

  private next(): string | undefined {
    for (const cardId of this.queue) {
      if (this.busy.has(cardId)) continue;
      this.queue.delete(cardId);
      return cardId;
    }
    return undefined;
  }

  private async archive(cardId: string, rethrow: boolean): Promise<void> {
    this.busy.add(cardId);
    try {
      const moved = await this.options.ledger.archive(cardId, this.options.keep);
      this.moved += moved;
    } catch (error) {
      if (rethrow) throw error;
      // The card stays long: the next apply reports it again, else the sweep finds it.
      this.options.onError?.(error);
    } finally {
      this.busy.delete(cardId);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (Date.now() - this.lastSweep >= this.options.sweepMs) {
        this.lastSweep = Date.now();
        try {
          for (const cardId of await this.options.ledger.longJournals(this.options.max)) this.queue.add(cardId);
        } catch (error) {
          this.options.onError?.(error);
        }
      }
      // As many cards at once as allowed.
      while (this.inflight.size < this.concurrency) {
        const cardId = this.next();
        if (cardId === undefined) break;
        const task: Promise<void> = this.archive(cardId, false).finally(() => this.inflight.delete(task));
        this.inflight.add(task);
      }
      const idle = new AbortController();
      await Promise.race([
        ...this.inflight,
        sleep(Math.max(1, this.lastSweep + this.options.sweepMs - Date.now()), undefined, { signal: idle.signal }).catch(() => {}),
        new Promise<void>((resolve) => {
          this.wake = resolve;
        }),
      ]);
      idle.abort();
      this.wake = undefined;
    }
    await Promise.all(this.inflight);
  }
}
