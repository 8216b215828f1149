/**
 * The seed's product workers (ADR 059 addendum): `ProductWorkers.start(count, init)` starts `count`
 * worker threads (worker.ts) that each hold the products' context; `run(task)` has one of them
 * generate products [start, end) with the given ids and answers their COPY text per table, as
 * UTF-8 bytes. Product N draws from its own random stream (random.ts), so the rows are those of the
 * single-thread path whichever worker makes them; the caller writes the batches in task order.
 *
 * Tasks go round-robin (batches are alike in size). A worker that throws fails its task; a worker
 * that dies fails every task it holds. `close()` terminates the threads.
 */
import { Worker } from "node:worker_threads";
import type { ProductTable } from "./copy-text.ts";
import type { SeededCompany } from "./products.ts";
import type { TnvedReference } from "./reference.ts";
import { runnableModule } from "#server/paths.ts";

/** What a worker builds its product context from (structured-cloned into each thread once). */
export interface ProductWorkerInit {
  seed: number;
  /** Epoch ms that dates are spread back from. */
  now: number;
  /** Goods suppliers with their ids and subcategories (SubPlan with ids and picture file ids). */
  companies: SeededCompany[];
  tnved: TnvedReference;
}

/** Products [start, end) of the catalogue; product `start + i` gets id `ids[i]`. */
export interface ProductTask {
  task: number;
  start: number;
  end: number;
  ids: number[];
}

/** A batch's COPY text per table (UTF-8) and its child row counts. */
export interface ProductResult {
  task: number;
  bytes: Record<ProductTable, Uint8Array>;
  prices: number;
  variants: number;
  files: number;
}

interface Pending {
  resolve: (result: ProductResult) => void;
  reject: (error: Error) => void;
}

export class ProductWorkers {
  private readonly pending = new Map<number, Pending & { worker: number }>();
  private next = 0;
  private failure: Error | null = null;

  private readonly workers: Worker[];

  private constructor(workers: Worker[]) {
    this.workers = workers;
    workers.forEach((worker, index) => {
      worker.on("message", (message: ProductResult | { task: number; error: string }) => {
        const waiting = this.pending.get(message.task);
        if (!waiting) return;
        this.pending.delete(message.task);
        if ("error" in message) waiting.reject(new Error(`Seed worker failed: ${message.error}`));
        else waiting.resolve(message);
      });
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const [task, waiting] of this.pending) {
          if (waiting.worker !== index) continue;
          this.pending.delete(task);
          waiting.reject(error);
        }
      };
      worker.on("error", (error) => fail(error instanceof Error ? error : new Error(String(error))));
      worker.on("exit", (code) => fail(new Error(`Seed worker ${index} exited (code ${code})`)));
    });
  }

  /** Starts `count` (≥ 1) workers over the same context. */
  static start(count: number, init: ProductWorkerInit): ProductWorkers {
    const workers = Array.from(
      { length: Math.max(1, count) },
      () => new Worker(runnableModule("server/catalog/seed/worker"), { workerData: init }),
    );
    return new ProductWorkers(workers);
  }

  get size(): number {
    return this.workers.length;
  }

  /** Generates and encodes one batch on the next worker in turn. */
  run(task: Omit<ProductTask, "task">): Promise<ProductResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    const worker = id % this.workers.length;
    return new Promise<ProductResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      this.workers[worker]!.postMessage({ ...task, task: id } satisfies ProductTask);
    });
  }

  /** Stops every worker; tasks still running fail. */
  async close(): Promise<void> {
    this.failure ??= new Error("Seed workers closed");
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
