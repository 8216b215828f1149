/**
 * 1C exchange part of `npm run bench` (`--parts onec`; issue 29 Measure): the real izh_import0_1.xml
 * and izh_offers0_1.xml (../shared/data/commerceml) multiplied to `--onec-products` products
 * (default 50,000) — the file's own Товар and Предложение elements repeated in turn, each copy with
 * its own Ид, name and article — zipped as 1C sends them with `zip=yes`, stored through the
 * exchange's own session and upload code in `file_limit` chunks on a fresh PostgreSQL database
 * (`postavka_bench_onec_*`, dropped at the end), and imported by the exchange's import job
 * (server/onec/job.ts, in this process, as a worker process would run it). Prints, per file, the
 * time from `import` to `success`, the event-loop delay p99 and maximum meanwhile
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and the RSS above the idle RSS measured just
 * before (sampled every 100 ms), against the targets p99 ≤ 50 ms and ≤ 300 MB.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { createKey } from "#server/api-keys/keys.ts";
import { openDatabase } from "#server/db/client.ts";
import { companies, companyMembers, onecImports, products, users } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { runExchangeImport } from "#server/onec/job.ts";
import { EXCHANGE_LIMITS } from "#server/onec/limits.ts";
import { appendChunk, openSession } from "#server/onec/sessions.ts";
import { createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "#tests/support/databases.ts";
import { zipOf } from "#tests/support/onec-client.ts";
import { log } from "./stats.ts";

const DATA = path.resolve(import.meta.dirname, "../../shared/data/commerceml");

/** `text` with every `<tag>…</tag>` element of the list between `open` and `close` repeated to `count` copies made unique by `vary`. */
function multiply(
  text: string,
  open: string,
  close: string,
  tag: string,
  count: number,
  vary: (block: string, i: number) => string,
): string {
  const start = text.indexOf(open) + open.length;
  const end = text.indexOf(close, start);
  const body = text.slice(start, end);
  const blocks = body.match(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, "g")) ?? [];
  const out: string[] = [text.slice(0, start)];
  for (let i = 0; i < count; i++) out.push("\n\t\t\t", vary(blocks[i % blocks.length]!, i));
  out.push("\n\t\t", text.slice(end));
  return out.join("");
}

/** A copy's Ид: the original GUID with its first block replaced by the copy number (valid, unique, stable). */
const idOf = (original: string, i: number) => `${i.toString(16).padStart(8, "0")}${original.slice(8)}`;

function vary(block: string, i: number): string {
  return block
    .replace(/<Ид>([0-9a-f-]{36})<\/Ид>/, (_, id: string) => `<Ид>${idOf(id, i)}</Ид>`)
    .replace(/<Наименование>([^<]*)<\/Наименование>/, (_, name: string) => `<Наименование>${name} №${i + 1}</Наименование>`)
    .replace(/<Артикул>([^<]*)<\/Артикул>/, (_, article: string) => `<Артикул>${article}-${i + 1}</Артикул>`);
}

/** Runs the 1C exchange benchmark; prints its table and returns its lines. */
export async function runOnecBench(count: number): Promise<string[]> {
  const dir = makeTempDataDir("postavka-bench-onec-");
  const created = await createPostgresDatabase("bench_onec");
  const logger = createLogger({ level: "warn" });
  const lines: string[] = [];
  try {
    const database = await openDatabase({ databaseUrl: created.url, dataDir: dir });
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({
        email: `bench-onec-${Date.now()}@bench.test`,
        firstName: "Bench",
        lastName: "1C",
        role: "USER",
        locale: "ru",
        acceptedTermsAt: new Date(),
      })
      .returning();
    const [company] = await db
      .insert(companies)
      .values({ name: { ru: "Стройснаб (стенд)" }, country: "RU", status: "published" })
      .returning();
    await db.insert(companyMembers).values({ companyId: company!.id, userId: user!.id, role: "owner", status: "active" });
    const key = await createKey(db, { companyId: company!.id }, { userId: user!.id, ip: null, requestId: null }, {
      name: "1C",
      scopes: ["products:write"],
      allowedIps: [],
      rateLimit: 600,
      expiresAt: undefined,
    } as never);
    const session = await openSession(db, {
      authorization: `Basic ${Buffer.from(`1c:${key.secret}`).toString("base64")}`,
      ip: "127.0.0.1",
      type: "catalog",
      version: null,
    });

    log(`onec: generating ${count.toLocaleString("en")} products…`);
    const importXml = multiply(readFileSync(path.join(DATA, "izh_import0_1.xml"), "utf8"), "<Товары>", "</Товары>", "Товар", count, vary);
    // The offers of the same copies: copy i of product template i % 228 gets copy i of that product's offer (201 of 228 have one).
    const importText = readFileSync(path.join(DATA, "izh_import0_1.xml"), "utf8");
    const productIds = [...importText.matchAll(/<Товар>\s*<Ид>([0-9a-f-]{36})<\/Ид>/g)].map((m) => m[1]!);
    const offersText = readFileSync(path.join(DATA, "izh_offers0_1.xml"), "utf8");
    const offerBlocks = new Map(
      (offersText.match(/<Предложение>[\s\S]*?<\/Предложение>/g) ?? []).map((b) => [/<Ид>([0-9a-f-]{36})<\/Ид>/.exec(b)![1]!, b]),
    );
    const copies: string[] = [];
    for (let i = 0; i < count; i++) {
      const block = offerBlocks.get(productIds[i % productIds.length]!);
      if (block) copies.push(`\n\t\t\t${vary(block, i)}`);
    }
    const offersStart = offersText.indexOf("<Предложения>") + "<Предложения>".length;
    const offersXml = `${offersText.slice(0, offersStart)}${copies.join("")}\n\t\t${offersText.slice(offersText.indexOf("</Предложения>"))}`;
    const zip = zipOf([
      { name: "import0_1.xml", bytes: Buffer.from(importXml) },
      { name: "offers0_1.xml", bytes: Buffer.from(offersXml) },
    ]);
    const xmlMb = (Buffer.byteLength(importXml) + Buffer.byteLength(offersXml)) / 1024 / 1024;
    log(`onec: ${xmlMb.toFixed(0)} MB of XML, ${(zip.byteLength / 1024 / 1024).toFixed(1)} MB zipped; uploading…`);
    for (let at = 0; at < zip.byteLength; at += EXCHANGE_LIMITS.postBytes)
      await appendChunk(db, session.session.row.id, "v8_BENCH_1.zip", zip.subarray(at, at + EXCHANGE_LIMITS.postBytes));

    for (const fileName of ["import0_1.xml", "offers0_1.xml"]) {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const [row] = await db
        .insert(onecImports)
        .values({ sessionId: session.session.row.id, companyId: company!.id, type: "catalog", fileName })
        .returning();
      delay.enable();
      const started = performance.now();
      await runExchangeImport(db, undefined, logger, row!.id);
      const seconds = (performance.now() - started) / 1000;
      delay.disable();
      clearInterval(sampler);
      const [done] = await db.select().from(onecImports).where(eq(onecImports.id, row!.id));
      const p99 = delay.percentile(99) / 1e6;
      const max = delay.max / 1e6;
      const rss = (peak - idle) / 1024 / 1024;
      const report = done!.report as Record<string, number | undefined>;
      const line = `| ${fileName} | ${count.toLocaleString("en")} | ${done!.state}${done!.failure ? ` (${done!.failure})` : ""} | ${seconds.toFixed(1)} s | ${p99.toFixed(0)} ms | ${max.toFixed(0)} ms | ${rss.toFixed(0)} MB | created ${String(report.created ?? "–")}, updated ${String(report.updated ?? "–")}, priced ${String(report.priced ?? "–")} |`;
      lines.push(line);
      log(`onec: ${line}`);
    }
    const made = await db.select({ id: products.id }).from(products).where(eq(products.companyId, company!.id));
    log(`onec: the company has ${made.length.toLocaleString("en")} products`);
    await database.close();
  } finally {
    await dropPostgresDatabase(created.name);
    removeDir(dir);
  }
  const table = [
    "| file | products | outcome | import → success | event-loop delay p99 | max | RSS above idle | report |",
    "|---|---|---|---|---|---|---|---|",
    ...lines,
  ];
  process.stdout.write(`\n## 1C exchange (targets: p99 ≤ 50 ms, RSS ≤ 300 MB above idle)\n\n${table.join("\n")}\n`);
  return table;
}
