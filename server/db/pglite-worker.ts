/**
 * Worker thread that owns the embedded PGlite database and serves it over the PostgreSQL wire
 * protocol on a loopback port (ADR 002). PGlite runs every query on the thread that calls it and
 * blocks that thread for the query's whole duration; here it blocks only this worker, never the
 * HTTP server's event loop.
 *
 * Protocol with the parent: workerData `{ dataDir }`; posts `{ type: "ready", port }` or
 * `{ type: "error", message }`; on `{ type: "close" }` stops, closes the database and posts
 * `{ type: "closed" }`.
 */
import { mkdirSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir } = workerData as { dataDir: string };
const port = parentPort!;

try {
  // PGlite creates only the last folder of the path.
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  // One connection: the socket server multiplexes connections per query, which would interleave
  // statements of concurrent transactions. The pool in client.ts queues instead.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1 });
  await server.start();
  const address = server.getServerConn();
  port.postMessage({ type: "ready", port: Number(address.split(":").at(-1)) });
  const close = async () => {
    await server.stop();
    await db.close();
    port.postMessage({ type: "closed" });
  };
  // Nothing waits on a failed close here: the parent stops waiting after 5 s and terminates the thread.
  port.on("message", (message: { type: string }) => {
    if (message.type === "close") void close();
  });
} catch (error) {
  port.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
}
