/**
 * Worker thread of the demo seed (workers.ts): generates products and encodes them as COPY text,
 * off the thread that talks to PostgreSQL.
 *
 * Protocol: workerData is a `ProductWorkerInit` (the products' context, cloned once); each message
 * is a `ProductTask` (product indexes [start, end) and their ids); the answer is a `ProductResult`
 * with the batch's COPY text per table as UTF-8 bytes (transferred, not copied) and its row counts,
 * or `{ task, error }` when generating failed. Answers come in the order of the tasks.
 */
import { parentPort, workerData } from "node:worker_threads";
import { encodeProductBatch, PRODUCT_TABLE_ORDER } from "./copy-text.ts";
import { generateProduct, productContext, type ProductDraft } from "./products.ts";
import type { ProductResult, ProductTask, ProductWorkerInit } from "./workers.ts";

const init = workerData as ProductWorkerInit;
const ctx = productContext(init.seed, init.now, init.companies, init.tnved);
const encoder = new TextEncoder();
const port = parentPort!;

port.on("message", (task: ProductTask) => {
  try {
    const batch: ProductDraft[] = [];
    for (let i = task.start; i < task.end; i++) batch.push(generateProduct(ctx, i));
    const encoded = encodeProductBatch(task.ids, batch);
    const bytes = {} as ProductResult["bytes"];
    for (const table of PRODUCT_TABLE_ORDER) bytes[table] = encoder.encode(encoded.text[table]);
    const result: ProductResult = { task: task.task, bytes, prices: encoded.prices, variants: encoded.variants, files: encoded.files };
    port.postMessage(
      result,
      PRODUCT_TABLE_ORDER.map((table) => bytes[table].buffer as ArrayBuffer),
    );
  } catch (error) {
    port.postMessage({ task: task.task, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
