/**
 * Applies an FNS register archive to the directory (issue 30 §1, ADR 044): each file is a change —
 * new taxpayers added (an SME register entry becomes a company of origin `register`, or joins the
 * platform company with that INN), changed facts updated with their history (`register_changes`),
 * and, for a whole SME register snapshot, the taxpayers missing from it marked left with its date.
 *
 * `importRegisterFile(db, file, options)` → `RegisterReport`. Reading streams (server/registers/
 * read.ts); writes go in batches (`batchSize` documents, default 2,000), each batch and the run's
 * cursor (`register_runs.entries_done`) in one transaction, so a crash loses at most the batch in
 * flight and the next import of the same bytes (same SHA-256) resumes after the last committed one.
 * Idempotent: a document whose facts equal the stored ones writes nothing; an archive already
 * imported is skipped (`force` re-reads it, still writing only differences). An older file never
 * overwrites newer facts (compared by state date, ДатаСост). One import runs at a time per database
 * (an advisory lock; a second one fails with RegisterFormatError `busy`).
 *
 * `partial`: the archive is an extract of the register (such as the published samples), so a
 * taxpayer's absence from it says nothing and nobody is marked left.
 */
import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import type pg from "pg";
import type { Db } from "../db/client.ts";
import type { RegisterDataSet } from "../db/schema.ts";
import { copyRows } from "../catalog/seed/sql.ts";
import type { Column } from "../catalog/seed/sql.ts";
import { beginBulkLoad, copySupported, restoreBulkLoads } from "./bulk.ts";
import {
  RegisterFormatError,
  headcountRange,
  type FinanceFacts,
  type HeadcountFacts,
  type RefusalReason,
  type SmeFacts,
} from "./format.ts";
import {
  DEFAULT_LIMITS,
  DocumentParser,
  readRegisterArchive,
  type ArchiveLimits,
  type ParsedItem,
  type RawItem,
  type ReadItem,
} from "./read.ts";
import { REVENUE_BAND_LIMITS, REVENUE_BANDS, revenueBand } from "#contract/registers.ts";

/** revenueBand (contract/registers.ts) in SQL over `e.revenue`: null without a revenue. */
const REVENUE_BAND_SQL = `case when e.revenue is null then null ${REVENUE_BAND_LIMITS.map(
  (limit, i) => `when e.revenue < ${limit} then '${REVENUE_BANDS[i]}'`,
).join(" ")} else '${REVENUE_BANDS.at(-1)}' end`;

export interface RegisterReport {
  runId: number;
  source: string;
  /** `imported`: read and applied now; `resumed`: an interrupted run finished; `skipped`: these bytes were already imported. */
  outcome: "imported" | "resumed" | "skipped";
  dataSet: RegisterDataSet | null;
  formatVersion: string | null;
  asOf: string | null;
  partial: boolean;
  entries: number;
  added: number;
  changed: number;
  unchanged: number;
  left: number;
  refused: number;
  refusals: Record<string, { count: number; examples: { entry: string; doc: string; inn: string }[] }>;
  /** Loaded in bulk: a first snapshot into an empty directory, indexes and foreign keys restored after the rows (server/registers/bulk.ts). */
  bulk: boolean;
  ms: number;
}

export interface ImportOptions {
  /** Name shown in reports (default: the file's name). */
  source?: string;
  partial?: boolean;
  force?: boolean;
  batchSize?: number;
  /** Connections writing batches at once (default 2, as many as the pool allows): see RunImporter.flush. */
  writers?: number;
  limits?: ArchiveLimits;
  /** Progress after each committed batch: documents done so far. */
  onProgress?: (done: number) => void;
  /** Testing a crash: throw after this many batches were committed in this call. */
  crashAfterBatches?: number;
  /**
   * The smallest archive (bytes) loaded in bulk when it is an SME register going into an empty
   * directory on PostgreSQL (server/registers/bulk.ts; default BULK_MIN_BYTES); `Infinity`: never.
   */
  bulkMinBytes?: number;
}

/**
 * Archives from this size (about 40,000 entries) go in bulk into an empty directory: below it the
 * drops and rebuilds of the indexes would cost more than they save.
 */
export const BULK_MIN_BYTES = 8 * 1024 ** 2;

const RUN_COLUMNS =
  'id, status, data_set, format_version, as_of::text as as_of, partial, entries_done, added, changed, unchanged, "left", refused, refusals, bulk_restore is not null as bulk';

/** The advisory lock one register import holds ("rgst"). */
const LOCK_KEY = 0x72677374;
const EXAMPLES_PER_REASON = 5;
/** Table pages the leavers pass reads at a time (8 KB each: about 10,000 entries). */
const LEAVERS_PAGES = 500;

/** The SHA-256 of a file, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch (error) {
    throw new RegisterFormatError("not_found", `${file}: ${(error as Error).message}`);
  }
  return hash.digest("hex");
}

interface RunRow {
  id: number;
  status: string;
  data_set: RegisterDataSet | null;
  format_version: string | null;
  as_of: string | null;
  partial: boolean;
  entries_done: number;
  added: number;
  changed: number;
  unchanged: number;
  left: number;
  refused: number;
  refusals: RegisterReport["refusals"];
  /** Its bulk load's indexes and foreign keys are still to be restored (register_runs.bulk_restore). */
  bulk: boolean;
}

/** A growing, later sorted, set of INNs (as numbers: 12 digits fit a double), 8 bytes each. */
class InnSet {
  private values = new Float64Array(1 << 16);
  private size = 0;
  add(inn: string) {
    if (this.size === this.values.length) {
      const next = new Float64Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.size++] = Number(inn);
  }
  seal() {
    this.values = this.values.subarray(0, this.size).sort();
  }
  has(inn: string): boolean {
    const x = Number(inn);
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.values[mid]!;
      if (v === x) return true;
      if (v < x) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** Imports one archive (through the Drizzle instance's pool, or a pg pool); see the module's comment. Throws RegisterFormatError for a file that cannot be read. */
export async function importRegisterFile(db: Db | pg.Pool, file: string, options: ImportOptions = {}): Promise<RegisterReport> {
  const started = performance.now();
  const source = options.source ?? basename(file);
  const sha256 = await sha256File(file);
  // The importer speaks SQL through the pool only (a CLI on PostgreSQL need not load Drizzle).
  const pool: pg.Pool = "$client" in db ? (db as unknown as { $client: pg.Pool }).$client : (db as pg.Pool);
  const client = await pool.connect();
  let runId = 0;
  let extra: pg.PoolClient[] = [];
  try {
    const locked = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [LOCK_KEY]);
    if (!locked.rows[0]!.ok)
      throw new RegisterFormatError("busy", "Another register import is running on this database; try again when it has finished");
    try {
      // A batch and its cursor commit together, so a commit lost in a database crash is redone by the
      // resume: the bulk load need not wait for each WAL flush.
      await client.query("set synchronous_commit = off");
      const previous = await client.query<RunRow>(`select ${RUN_COLUMNS} from register_runs where sha256 = $1 order by id desc limit 1`, [
        sha256,
      ]);
      let run = previous.rows[0];
      // A bulk load killed before it restored its indexes and keys (server/registers/bulk.ts): they
      // come back now, unless it is this run, which goes on loading in bulk.
      await restoreBulkLoads(client, run?.status === "done" ? undefined : run?.id);
      if (run?.status === "done" && !options.force) return { ...reportOf(run, source, "skipped", false), ms: performance.now() - started };
      const resuming = run !== undefined && run.status !== "done";
      if (resuming) {
        await client.query("update register_runs set status = 'running', error = null, source = $2 where id = $1", [run!.id, source]);
      } else {
        const created = await client.query<RunRow>(
          `insert into register_runs (source, sha256, partial) values ($1, $2, $3) returning ${RUN_COLUMNS}`,
          [source, sha256, options.partial ?? false],
        );
        run = created.rows[0]!;
      }
      runId = run!.id;
      extra = await extraWriters(pool, (options.writers ?? 2) - 1);
      const importer = new RunImporter(client, extra, run!, { ...options, fileBytes: statSync(file).size });
      await importer.load();
      await importer.readAll(file);
      await importer.finish();
      const done = await client.query<RunRow>(`select ${RUN_COLUMNS} from register_runs where id = $1`, [runId]);
      return {
        ...reportOf(done.rows[0]!, source, resuming ? "resumed" : "imported", importer.bulk === true),
        ms: performance.now() - started,
      };
    } catch (error) {
      // A failed bulk load gives the directory its indexes back while this process lives (a killed
      // one leaves that to the next import).
      if (!(error instanceof SimulatedCrash)) await restoreBulkLoads(client).catch(() => {});
      if (runId && !(error instanceof SimulatedCrash))
        await client
          .query("update register_runs set status = 'failed', error = $2, finished_at = now() where id = $1", [
            runId,
            (error as Error).message,
          ])
          .catch(() => {});
      throw error;
    } finally {
      for (const other of extra) {
        await other.query("reset synchronous_commit").catch(() => {});
        other.release();
      }
      await client.query("reset synchronous_commit").catch(() => {});
      await client.query("select pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/**
 * Up to `count` more connections of `pool` for writing batches, as many as the pool allows beside
 * the run's own (none on PGlite: one connection), each without waiting for WAL flushes (see
 * importRegisterFile). Released by the caller (after a reset of the setting).
 */
async function extraWriters(pool: pg.Pool, count: number): Promise<pg.PoolClient[]> {
  const max = (pool as unknown as { options?: { max?: number } }).options?.max ?? 1;
  const clients: pg.PoolClient[] = [];
  for (let i = 0; i < Math.min(count, max - 1); i++) {
    const client = await pool.connect();
    await client.query("set synchronous_commit = off");
    clients.push(client);
  }
  return clients;
}

/** Thrown by `crashAfterBatches`: the run is left as a killed process leaves it (status `running`). */
export class SimulatedCrash extends Error {
  override name = "SimulatedCrash";
}

function reportOf(run: RunRow, source: string, outcome: RegisterReport["outcome"], bulk: boolean): Omit<RegisterReport, "ms"> {
  return {
    runId: run.id,
    source,
    outcome,
    dataSet: run.data_set,
    formatVersion: run.format_version,
    asOf: run.as_of,
    partial: run.partial,
    entries: run.entries_done,
    added: outcome === "skipped" ? 0 : run.added,
    changed: outcome === "skipped" ? 0 : run.changed,
    unchanged: outcome === "skipped" ? run.entries_done - run.refused : run.unchanged,
    left: outcome === "skipped" ? 0 : run.left,
    refused: run.refused,
    refusals: run.refusals,
    bulk,
  };
}

type Doc = Extract<ParsedItem, { type: "doc" }> & { hash: string };

interface EntryRow {
  inn: string;
  company_id: number | null;
  kind: string;
  ogrn: string | null;
  name_full: string;
  name_short: string | null;
  region_code: string | null;
  city: string | null;
  okved_main: string | null;
  okved_extra: string[];
  sme_category: number | null;
  sme_included_at: string | null;
  sme_as_of: string | null;
  sme_run_id: number | null;
  left_register_at: string | null;
  headcount: number | null;
  headcount_as_of: string | null;
  headcount_run_id: number | null;
  revenue: string | null;
  expenses: string | null;
  finance_as_of: string | null;
  finance_run_id: number | null;
  origin: string | null;
}

/**
 * What RunImporter.sameText found of a batch: the documents unchanged by their text, and whether
 * none of a list of INNs has an entry (`allNew`, so applySme asks no second time).
 */
interface SameText {
  has(raw: RawItem): boolean;
  laterInns: Set<string>;
  lastOrdinal: Map<string, number>;
  allNew(inns: string[]): boolean;
}

/** One run's state while it reads and writes; see importRegisterFile. */
class RunImporter {
  private readonly client: pg.PoolClient;
  private readonly run: RunRow;
  private readonly options: ImportOptions & { fileBytes: number };
  private readonly batchSize: number;
  /** New rows go in by COPY with the secondary indexes and foreign keys off (server/registers/bulk.ts); decided at the first batch. */
  bulk: boolean | undefined;
  private regions = new Set<string>();
  private okved = new Set<string>();
  /** The sequence of `companies.id` (its name, looked up once). */
  private companySequence = "";
  private seen = new InnSet();
  private batch: RawItem[] = [];
  /** The connections that write batches (the run's own first), each with the batch it is writing and its INNs. */
  private readonly writers: { client: pg.PoolClient; busy: Promise<void>; inns: Set<string> }[];
  private nextWriter = 0;
  /** The last batch handed to a writer: the next one commits only after it. */
  private lastBatch: Promise<void> = Promise.resolve();
  private batches = 0;
  private lastOrdinal = -1;
  private parser = new DocumentParser();

  /** `extra`: more connections to write batches on (none on PGlite, which has one). */
  constructor(client: pg.PoolClient, extra: pg.PoolClient[], run: RunRow, options: ImportOptions & { fileBytes: number }) {
    this.client = client;
    this.writers = [client, ...extra].map((c) => ({ client: c, busy: Promise.resolve(), inns: new Set<string>() }));
    this.run = { ...run, refusals: { ...run.refusals } };
    this.options = options;
    this.batchSize = options.batchSize ?? 2000;
  }

  async load() {
    const regions = await this.client.query<{ code: string }>("select code from regions where country = 'RU'");
    this.regions = new Set(regions.rows.map((r) => r.code));
    const okved = await this.client.query<{ code: string }>("select code from okved_codes");
    this.okved = new Set(okved.rows.map((r) => r.code));
    const sequence = await this.client.query<{ name: string }>("select pg_get_serial_sequence('companies', 'id') as name");
    this.companySequence = sequence.rows[0]!.name;
  }

  async readAll(file: string) {
    try {
      await this.readItems(file);
    } finally {
      // A failed batch stops the reading: the batches still being written finish (or roll back) first.
      await Promise.allSettled(this.writers.map((w) => w.busy));
    }
  }

  private async readItems(file: string) {
    for await (const items of readRegisterArchive(file, this.options.limits ?? DEFAULT_LIMITS)) {
      for (const item of items) {
        if (item.type === "file") {
          await this.header(item);
          continue;
        }
        if (this.run.data_set === "sme" && !this.run.partial && item.inn.length >= 10) this.seen.add(item.inn);
        if (this.run.as_of === null) {
          const parsed = this.parser.parse(item);
          if (parsed.type === "doc") await this.setAsOf(parsed.data.facts.asOf);
        }
        // Documents before the cursor were committed by an earlier, interrupted run of these bytes.
        if (item.ordinal < this.run.entries_done) continue;
        this.lastOrdinal = item.ordinal;
        this.batch.push(item);
        if (this.batch.length >= this.batchSize) await this.flush();
      }
    }
    await this.flush();
    for (const writer of this.writers) await writer.busy;
  }

  private async header(item: Extract<ReadItem, { type: "file" }>) {
    if (this.run.data_set === null) {
      this.run.data_set = item.dataSet;
      this.run.format_version = item.formatVersion;
      await this.client.query("update register_runs set data_set = $2, format_version = $3 where id = $1", [
        this.run.id,
        item.dataSet,
        item.formatVersion,
      ]);
    }
  }

  private async setAsOf(asOf: string) {
    // After leading refused documents a batch may be writing on this connection: not inside it.
    await this.writers[0]!.busy.catch(() => {});
    this.run.as_of = asOf;
    await this.client.query("update register_runs set as_of = $2 where id = $1", [this.run.id, asOf]);
  }

  /**
   * Hands the pending batch to the next writer once that writer's previous batch is done: while
   * one batch is read the others are written, on as many connections as there are writers (the
   * reader's CPU and the database's, and with two connections both server cores, overlap). Each
   * batch commits only after the one before it (`previous` in write), so the cursor committed with
   * a batch always has every earlier batch committed under it and a crash loses only batches after
   * it. A batch naming an INN of a batch still being written waits for that one first: it must see
   * its rows (a taxpayer is added once).
   */
  private async flush() {
    if (this.batch.length === 0) return;
    this.bulk ??= await this.startBulk();
    const batch = this.batch;
    const lastOrdinal = this.lastOrdinal;
    this.batch = [];
    const writer = this.writers[this.nextWriter++ % this.writers.length]!;
    await writer.busy;
    const inns = new Set(batch.map((r) => r.inn));
    for (const other of this.writers)
      if (other !== writer && [...inns].some((inn) => other.inns.has(inn))) await other.busy.catch(() => {});
    const writing = this.write(writer.client, batch, lastOrdinal, this.lastBatch);
    // Observed by the next flush of this writer, the next batch and readAll's end; until then a
    // failure must not count as unhandled.
    writing.catch(() => {});
    writer.busy = writing;
    writer.inns = inns;
    this.lastBatch = writing;
  }

  /**
   * Whether this run loads in bulk (before its first batch; no batch is being written): it resumes
   * one that did, or it is a large SME archive, nothing of it committed yet, going into an empty
   * directory on a server that takes COPY (beginBulkLoad checks the emptiness under its locks).
   */
  private async startBulk(): Promise<boolean> {
    if (this.run.bulk) return true;
    if (this.run.data_set !== "sme" || this.run.entries_done > 0) return false;
    if (this.options.fileBytes < (this.options.bulkMinBytes ?? BULK_MIN_BYTES)) return false;
    if (!(await copySupported(this.client))) return false;
    return beginBulkLoad(this.client, this.run.id);
  }

  /**
   * Writes one batch and moves the cursor, in one transaction. An SME document whose text is the
   * one that set the stored facts (the same hash) is unchanged without being parsed; the others
   * are parsed, checked and compared.
   */
  private async write(client: pg.PoolClient, batch: RawItem[], lastOrdinal: number, previous: Promise<void>) {
    const counts = { added: 0, changed: 0, unchanged: 0, refused: 0 };
    // Refusals join the run's own once the batches before this one committed (the JSON written with
    // this batch's cursor must hold no refusal of a later, uncommitted batch).
    const refusals: [RefusalReason, { entry: string; doc: string; inn: string }][] = [];
    const refuse = (reason: RefusalReason, where: { entry: string; doc: string; inn: string }) => {
      counts.refused++;
      refusals.push([reason, where]);
    };
    const same = await this.sameText(client, batch);
    // The same INN twice in a batch: the later document wins (a batch writes each row once).
    const byInn = new Map<string, Doc>();
    for (const raw of batch) {
      if (same.has(raw)) {
        counts.unchanged++;
        continue;
      }
      const parsed = this.parser.parse(raw);
      if (parsed.type === "refused") {
        refuse(parsed.reason, parsed);
        continue;
      }
      const doc: Doc = { ...parsed, hash: raw.hash };
      const inn = doc.data.facts.inn;
      const earlier = byInn.get(inn);
      if (earlier) refuse("duplicate_in_file", { entry: earlier.entry, doc: earlier.doc, inn });
      // A later document of the batch with this INN was the stored text: this one is the earlier.
      if (same.laterInns.has(inn) && same.lastOrdinal.get(inn)! > doc.ordinal) {
        refuse("duplicate_in_file", { entry: doc.entry, doc: doc.doc, inn });
        continue;
      }
      byInn.set(inn, doc);
    }
    await client.query("begin");
    try {
      const docs = [...byInn.values()];
      if (docs.length > 0) {
        if (this.run.data_set === "sme") await this.syncCompanyFacts(client, await this.applySme(client, docs, counts, same));
        else {
          await this.applyFacts(client, docs, counts);
          await this.syncCompanyFacts(
            client,
            docs.map((d) => d.data.facts.inn),
          );
        }
      }
      // A failed batch before this one fails this one too (rolled back; the resume redoes both).
      await previous;
      for (const [reason, where] of refusals) this.refuse(reason, where);
      this.run.entries_done = lastOrdinal + 1;
      this.run.added += counts.added;
      this.run.changed += counts.changed;
      this.run.unchanged += counts.unchanged;
      this.run.refused += counts.refused;
      await client.query(
        "update register_runs set entries_done = $2, added = $3, changed = $4, unchanged = $5, refused = $6, refusals = $7 where id = $1",
        [
          this.run.id,
          this.run.entries_done,
          this.run.added,
          this.run.changed,
          this.run.unchanged,
          this.run.refused,
          JSON.stringify(this.run.refusals),
        ],
      );
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
    this.batches++;
    this.options.onProgress?.(this.run.entries_done);
    if (this.options.crashAfterBatches !== undefined && this.batches >= this.options.crashAfterBatches)
      throw new SimulatedCrash(`simulated crash after ${this.batches} batches`);
  }

  /**
   * The SME documents of a batch whose text is the one that set the stored facts (`sme_hash`), the
   * last of its INN in the batch each: unchanged without parsing. `laterInns`/`lastOrdinal` let
   * an earlier document of the same INN be refused as a duplicate, as it would be if parsed.
   */
  private async sameText(client: pg.PoolClient, batch: RawItem[]): Promise<SameText> {
    const lastOrdinal = new Map<string, number>();
    const skip = new Set<RawItem>();
    const laterInns = new Set<string>();
    const none = { has: () => false, laterInns, lastOrdinal, allNew: () => false };
    if (this.run.data_set !== "sme") return none;
    for (const raw of batch) if (raw.inn !== "") lastOrdinal.set(raw.inn, raw.ordinal);
    if (lastOrdinal.size === 0) return none;
    const stored = await client.query<{ inn: string; sme_hash: string | null }>(
      "select inn, sme_hash from register_entries where inn = any($1::text[])",
      [[...lastOrdinal.keys()]],
    );
    // None of the batch's INNs has an entry (a first import): `existing` need not ask again.
    if (stored.rows.length === 0) return { ...none, allNew: (inns) => inns.every((inn) => lastOrdinal.has(inn)) };
    const hashOf = new Map(stored.rows.map((r) => [r.inn, r.sme_hash]));
    for (const raw of batch)
      if (hashOf.get(raw.inn) === raw.hash && lastOrdinal.get(raw.inn) === raw.ordinal) {
        skip.add(raw);
        laterInns.add(raw.inn);
      }
    return { has: (raw) => skip.has(raw), laterInns, lastOrdinal, allNew: () => false };
  }

  private refuse(reason: RefusalReason, where: { entry: string; doc: string; inn: string }) {
    const slot = (this.run.refusals[reason] ??= { count: 0, examples: [] });
    slot.count++;
    if (slot.examples.length < EXAMPLES_PER_REASON) slot.examples.push({ entry: where.entry, doc: where.doc, inn: where.inn });
  }

  /** The stored entries of these taxpayers; none asked for when `same` found that none of them has one. */
  private async existing(client: pg.PoolClient, inns: string[], same?: SameText): Promise<Map<string, EntryRow>> {
    if (same?.allNew(inns)) return new Map();
    const rows = await client.query<EntryRow>(
      `select e.inn, e.company_id, e.kind, e.ogrn, e.name_full, e.name_short, e.region_code, e.city, e.okved_main, e.okved_extra,
              e.sme_category, e.sme_included_at::text, e.sme_as_of::text, e.sme_run_id, e.left_register_at::text,
              e.headcount, e.headcount_as_of::text, e.headcount_run_id, e.revenue::text, e.expenses::text, e.finance_as_of::text,
              e.finance_run_id, c.origin
         from register_entries e left join companies c on c.id = e.company_id
        where e.inn = any($1::text[])`,
      [inns],
    );
    return new Map(rows.rows.map((r) => [r.inn, r]));
  }

  /** Platform companies (any but register-born) whose legal entities carry these INNs: published ones first. */
  private async platformCompanies(client: pg.PoolClient, inns: string[]): Promise<Map<string, number>> {
    if (inns.length === 0) return new Map();
    // A bulk load starts in an empty directory (server/registers/bulk.ts): no platform company to
    // join. One registered while the load runs finds its INN's register company there, as one
    // registered after any import does, and claims it (ADR 057).
    if (this.bulk) return new Map();
    const rows = await client.query<{ inn: string; company_id: number }>(
      `select distinct on (le.inn) le.inn, le.company_id
         from legal_entities le join companies c on c.id = le.company_id
        where le.inn = any($1::text[]) and c.origin = 'platform'
          and not exists (select 1 from register_entries e where e.company_id = le.company_id)
        order by le.inn, (c.status = 'published') desc, c.id`,
      [inns],
    );
    return new Map(rows.rows.map((r) => [r.inn, r.company_id]));
  }

  /**
   * SME documents: entries added or updated with their history, companies created (with the SME
   * category and revenue band the supplier list filters on) or joined, register cards updated.
   * Returns the INNs whose companies' copied facts may differ now (changed entries, joined
   * companies) for syncCompanyFacts; a company created here has them already.
   */
  private async applySme(
    client: pg.PoolClient,
    docs: Doc[],
    counts: { added: number; changed: number; unchanged: number },
    same: SameText,
  ): Promise<string[]> {
    const runId = this.run.id;
    const existing = await this.existing(
      client,
      docs.map((d) => d.data.facts.inn),
      same,
    );
    const needCompany: { facts: SmeFacts; row: EntryRow | undefined }[] = [];
    let upserts: SmeFacts[] = [];
    const hashOf = new Map(docs.map((d) => [d.data.facts.inn, d.hash]));
    const changedCompanies: { companyId: number; facts: SmeFacts }[] = [];
    const history: { inn: string; previous: number | null; kind: "changed" | "returned"; fields: Record<string, [unknown, unknown]> }[] =
      [];
    for (const doc of docs) {
      const facts = doc.data.facts as SmeFacts;
      const row = existing.get(facts.inn);
      if (!row || row.sme_as_of === null) {
        // New to the SME register (a headcount/revenue entry may exist already).
        upserts.push(facts);
        if (!row?.company_id) needCompany.push({ facts, row });
        counts.added++;
        continue;
      }
      if (facts.asOf < row.sme_as_of) {
        counts.unchanged++; // an older snapshot: the stored facts are newer
        continue;
      }
      const fields = smeDiff(row, facts);
      const returned = row.left_register_at !== null;
      if (returned) fields["left_register_at"] = [row.left_register_at, null];
      if (Object.keys(fields).length === 0) {
        counts.unchanged++;
        continue;
      }
      counts.changed++;
      upserts.push(facts);
      history.push({
        inn: facts.inn,
        previous: row.sme_run_id,
        kind: returned && Object.keys(fields).length === 1 ? "returned" : "changed",
        fields,
      });
      if (row.company_id && row.origin === "register") changedCompanies.push({ companyId: row.company_id, facts });
    }
    const sync = history.map((h) => h.inn);

    // Companies: join a platform company with the INN, else create one of origin `register`.
    const companyOf = new Map<string, number>();
    const platform = await this.platformCompanies(
      client,
      needCompany.map((n) => n.facts.inn),
    );
    const toCreate = needCompany.filter((n) => {
      const id = platform.get(n.facts.inn);
      if (id) {
        companyOf.set(n.facts.inn, id);
        sync.push(n.facts.inn);
      }
      return !id;
    });
    if (toCreate.length > 0) {
      const ids = await client.query<{ id: number }>(
        // The sequence named once: pg_get_serial_sequence in the select list ran once per id (a
        // catalog lookup each, 46 ms a batch of 2,000 at 1,000,000 entries).
        "select nextval($2::regclass)::int as id from generate_series(1, $1)",
        [toCreate.length, this.companySequence],
      );
      toCreate.forEach((n, i) => companyOf.set(n.facts.inn, ids.rows[i]!.id));
      const card = toCreate.map((n) => ({
        id: companyOf.get(n.facts.inn)!,
        facts: n.facts,
        headcount: n.row?.headcount ?? null,
        revenue: n.row?.revenue ?? null,
      }));
      // Written once with the facts syncCompanyFacts copies (a second update of each new row would
      // rewrite it and all its indexes, the full-text GIN among them).
      if (this.bulk) await this.copyCompanies(client, card);
      else {
        await client.query(
          `insert into companies (id, name, country, region_code, city, okved_main, headcount_range, sme_category, revenue_band, status, origin,
                okved_codes)
         select id, jsonb_build_object('ru', name), 'RU', region, case when city is null then '{}'::jsonb else jsonb_build_object('ru', city) end,
                okved, headcount_range, sme_category, revenue_band, 'published', 'register', codes::text[]
           from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[], $8::text[], $9::text[])
                as t(id, name, region, city, okved, headcount_range, sme_category, revenue_band, codes)`,
          [
            card.map((c) => c.id),
            card.map((c) => c.facts.nameShort ?? c.facts.nameFull),
            card.map((c) => this.region(c.facts)),
            card.map((c) => c.facts.city),
            card.map((c) => this.okvedCode(c.facts.okvedMain)),
            card.map((c) => (c.headcount === null ? null : headcountRange(c.headcount))),
            card.map((c) => c.facts.smeCategory),
            card.map((c) => (c.revenue === null ? null : revenueBand(Number(c.revenue)))),
            card.map((c) => this.mirroredCodes(c.facts)),
          ],
        );
        await client.query(
          `insert into legal_entities (company_id, kind, inn, ogrn, name_full, name_short)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
          [
            card.map((c) => c.id),
            card.map((c) => c.facts.kind),
            card.map((c) => c.facts.inn),
            card.map((c) => c.facts.ogrn),
            card.map((c) => c.facts.nameFull),
            card.map((c) => c.facts.nameShort),
          ],
        );
      }
      await this.insertActivities(
        client,
        card.map((c) => ({ companyId: c.id, facts: c.facts })),
      );
    }
    if (changedCompanies.length > 0) {
      const ids = changedCompanies.map((c) => c.companyId);
      await client.query(
        `update companies c set name = jsonb_build_object('ru', t.name), region_code = t.region,
                city = case when t.city is null then '{}'::jsonb else jsonb_build_object('ru', t.city) end, okved_main = t.okved, updated_at = now()
           from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) as t(id, name, region, city, okved)
          where c.id = t.id and c.origin = 'register'`,
        [
          ids,
          changedCompanies.map((c) => c.facts.nameShort ?? c.facts.nameFull),
          changedCompanies.map((c) => this.region(c.facts)),
          changedCompanies.map((c) => c.facts.city),
          changedCompanies.map((c) => this.okvedCode(c.facts.okvedMain)),
        ],
      );
      await client.query(
        `update legal_entities le set kind = t.kind, ogrn = t.ogrn, name_full = t.name_full, name_short = t.name_short, updated_at = now()
           from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(company_id, inn, kind, ogrn, name_full, name_short)
          where le.company_id = t.company_id and le.inn = t.inn`,
        [
          ids,
          changedCompanies.map((c) => c.facts.inn),
          changedCompanies.map((c) => c.facts.kind),
          changedCompanies.map((c) => c.facts.ogrn),
          changedCompanies.map((c) => c.facts.nameFull),
          changedCompanies.map((c) => c.facts.nameShort),
        ],
      );
      await client.query("delete from company_okved_codes where company_id = any($1::int[])", [ids]);
      await this.insertActivities(client, changedCompanies);
    }
    if (this.bulk) {
      // New taxpayers by COPY; those with an entry already (a headcount or revenue one, or an earlier
      // document of this file) through the upsert below.
      const fresh = upserts.filter((f) => !existing.has(f.inn));
      await copyRows(
        client,
        "register_entries",
        ENTRY_COLUMNS,
        fresh.map((f) => [
          f.inn,
          companyOf.get(f.inn) ?? null,
          f.kind,
          f.ogrn,
          f.nameFull,
          f.nameShort,
          f.regionCode,
          f.city,
          f.okvedMain,
          textArray(f.okvedExtra),
          f.smeCategory,
          f.smeIncludedAt,
          f.asOf,
          runId,
          hashOf.get(f.inn) ?? null,
        ]),
      );
      upserts = upserts.filter((f) => existing.has(f.inn));
    }
    if (upserts.length > 0) {
      await client.query(
        `insert into register_entries (inn, company_id, kind, ogrn, name_full, name_short, region_code, city, okved_main, okved_extra,
                                       sme_category, sme_included_at, sme_as_of, sme_run_id, left_register_at, sme_hash)
         select t.inn, t.company_id, t.kind, t.ogrn, t.name_full, t.name_short, t.region_code, t.city, t.okved_main,
                case when t.okved_extra = '' then '{}'::text[] else string_to_array(t.okved_extra, ' ') end,
                t.sme_category, t.sme_included_at, t.sme_as_of, $14, null, t.sme_hash
           from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                       $11::smallint[], $12::date[], $13::date[], $15::text[])
                as t(inn, company_id, kind, ogrn, name_full, name_short, region_code, city, okved_main, okved_extra, sme_category, sme_included_at, sme_as_of, sme_hash)
         on conflict (inn) do update set company_id = coalesce(register_entries.company_id, excluded.company_id), kind = excluded.kind,
                ogrn = excluded.ogrn, name_full = excluded.name_full, name_short = excluded.name_short, region_code = excluded.region_code,
                city = excluded.city, okved_main = excluded.okved_main, okved_extra = excluded.okved_extra, sme_category = excluded.sme_category,
                sme_included_at = excluded.sme_included_at, sme_as_of = excluded.sme_as_of, sme_run_id = excluded.sme_run_id,
                left_register_at = null, sme_hash = excluded.sme_hash, updated_at = now()`,
        [
          upserts.map((f) => f.inn),
          upserts.map((f) => companyOf.get(f.inn) ?? null),
          upserts.map((f) => f.kind),
          upserts.map((f) => f.ogrn),
          upserts.map((f) => f.nameFull),
          upserts.map((f) => f.nameShort),
          upserts.map((f) => f.regionCode),
          upserts.map((f) => f.city),
          upserts.map((f) => f.okvedMain),
          upserts.map((f) => f.okvedExtra.join(" ")),
          upserts.map((f) => f.smeCategory),
          upserts.map((f) => f.smeIncludedAt),
          upserts.map((f) => f.asOf),
          runId,
          upserts.map((f) => hashOf.get(f.inn) ?? null),
        ],
      );
    }
    await this.insertHistory(client, history);
    return sync;
  }

  /** Headcount or revenue documents: facts kept on the taxpayer's entry, the company's headcount band updated. */
  private async applyFacts(client: pg.PoolClient, docs: Doc[], counts: { added: number; changed: number; unchanged: number }) {
    const dataSet = this.run.data_set as "headcount" | "finance";
    const existing = await this.existing(
      client,
      docs.map((d) => d.data.facts.inn),
    );
    const rows: (HeadcountFacts | FinanceFacts)[] = [];
    const history: { inn: string; previous: number | null; kind: "changed"; fields: Record<string, [unknown, unknown]> }[] = [];
    const newInns: string[] = [];
    for (const doc of docs) {
      const facts = doc.data.facts as HeadcountFacts | FinanceFacts;
      const row = existing.get(facts.inn);
      if (!row) {
        rows.push(facts);
        newInns.push(facts.inn);
        counts.added++;
        continue;
      }
      const storedAsOf = dataSet === "headcount" ? row.headcount_as_of : row.finance_as_of;
      if (storedAsOf !== null && facts.asOf < storedAsOf) {
        counts.unchanged++;
        continue;
      }
      const fields: Record<string, [unknown, unknown]> = {};
      if (dataSet === "headcount") {
        const f = facts as HeadcountFacts;
        if (row.headcount !== f.headcount) fields["headcount"] = [row.headcount, f.headcount];
        if (row.headcount_as_of !== f.asOf) fields["headcount_as_of"] = [row.headcount_as_of, f.asOf];
      } else {
        const f = facts as FinanceFacts;
        if (row.revenue !== f.revenue) fields["revenue"] = [row.revenue, f.revenue];
        if (row.expenses !== f.expenses) fields["expenses"] = [row.expenses, f.expenses];
        if (row.finance_as_of !== f.asOf) fields["finance_as_of"] = [row.finance_as_of, f.asOf];
      }
      if (Object.keys(fields).length === 0) {
        counts.unchanged++;
        continue;
      }
      rows.push(facts);
      if (storedAsOf === null) counts.added++;
      else {
        counts.changed++;
        history.push({
          inn: facts.inn,
          previous: dataSet === "headcount" ? row.headcount_run_id : row.finance_run_id,
          kind: "changed",
          fields,
        });
      }
    }
    if (rows.length === 0) return;
    const platform = await this.platformCompanies(client, newInns);
    const common = [
      rows.map((r) => r.inn),
      rows.map((r) => platform.get(r.inn) ?? null),
      rows.map((r) => r.kind),
      rows.map((r) => r.nameFull),
      rows.map((r) => r.asOf),
    ];
    if (dataSet === "headcount") {
      await client.query(
        `insert into register_entries (inn, company_id, kind, name_full, headcount_as_of, headcount, headcount_run_id)
         select t.*, $7 from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::date[], $6::int[]) as t
         on conflict (inn) do update set headcount = excluded.headcount, headcount_as_of = excluded.headcount_as_of,
                headcount_run_id = excluded.headcount_run_id, updated_at = now()`,
        [...common, rows.map((r) => (r as HeadcountFacts).headcount), this.run.id],
      );
      await client.query(
        `update companies c set headcount_range = t.band, updated_at = now()
           from register_entries e, unnest($1::text[], $2::text[]) as t(inn, band)
          where e.inn = t.inn and c.id = e.company_id and c.origin = 'register' and c.headcount_range is distinct from t.band`,
        [rows.map((r) => r.inn), rows.map((r) => headcountRange((r as HeadcountFacts).headcount))],
      );
    } else {
      await client.query(
        `insert into register_entries (inn, company_id, kind, name_full, finance_as_of, revenue, expenses, finance_run_id)
         select t.*, $8 from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::date[], $6::numeric[], $7::numeric[]) as t
         on conflict (inn) do update set revenue = excluded.revenue, expenses = excluded.expenses, finance_as_of = excluded.finance_as_of,
                finance_run_id = excluded.finance_run_id, updated_at = now()`,
        [...common, rows.map((r) => (r as FinanceFacts).revenue), rows.map((r) => (r as FinanceFacts).expenses), this.run.id],
      );
    }
    await this.insertHistory(client, history);
  }

  /**
   * Copies the register facts the supplier list filters on onto the companies of these taxpayers
   * (ADR 057): the SME category (none once the taxpayer left the SME register) and the revenue band.
   * Register facts, not the company's card: claimed (platform) companies get them too.
   */
  private async syncCompanyFacts(client: pg.PoolClient, inns: string[]) {
    if (inns.length === 0) return;
    await client.query(
      `update companies c set sme_category = f.sme_category, revenue_band = f.revenue_band
         from (select e.company_id, case when e.left_register_at is null then e.sme_category end as sme_category,
                      ${REVENUE_BAND_SQL} as revenue_band
                 from register_entries e where e.inn = any($1::text[]) and e.company_id is not null) f
        where c.id = f.company_id
          and (c.sme_category is distinct from f.sme_category or c.revenue_band is distinct from f.revenue_band)`,
      [inns],
    );
  }

  /**
   * OKVED activity rows of the companies (main + extra), codes the classifier knows only. The
   * companies are created or had their rows deleted in this transaction: no conflict to check.
   */
  private async insertActivities(client: pg.PoolClient, list: { companyId: number; facts: SmeFacts }[]) {
    const company: number[] = [];
    const code: string[] = [];
    const main: boolean[] = [];
    for (const { companyId, facts } of list) {
      for (const activity of this.activities(facts)) {
        company.push(companyId);
        code.push(activity.code);
        main.push(activity.main);
      }
    }
    if (company.length === 0) return;
    if (this.bulk) {
      await copyRows(
        client,
        "company_okved_codes",
        ACTIVITY_COLUMNS,
        company.map((id, i) => [id, code[i], main[i]]),
      );
      return;
    }
    await client.query(
      "insert into company_okved_codes (company_id, okved_code, is_main) select * from unnest($1::int[], $2::text[], $3::boolean[])",
      [company, code, main],
    );
  }

  /** A company's activity rows: the main code, then the extra ones, each once, codes the classifier knows only. */
  private activities(facts: SmeFacts): { code: string; main: boolean }[] {
    const out: { code: string; main: boolean }[] = [];
    const seen = new Set<string>();
    if (facts.okvedMain && this.okved.has(facts.okvedMain)) {
      seen.add(facts.okvedMain);
      out.push({ code: facts.okvedMain, main: true });
    }
    for (const extra of facts.okvedExtra) {
      if (seen.has(extra) || !this.okved.has(extra)) continue;
      seen.add(extra);
      out.push({ code: extra, main: false });
    }
    return out;
  }

  /**
   * `companies.okved_codes` of a new company as an array literal, or null (migration 0039's mirror: its
   * codes in byte order). Written with the row, so the mirror's trigger finds nothing to change when
   * the activity rows follow, instead of writing every new row twice.
   */
  private mirroredCodes(facts: SmeFacts): string | null {
    const codes = this.activities(facts)
      .map((a) => a.code)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return codes.length === 0 ? null : textArray(codes);
  }

  /** New register companies and their legal entities by COPY (bulk; the same values as the unnest inserts of applySme). */
  private async copyCompanies(
    client: pg.PoolClient,
    card: { id: number; facts: SmeFacts; headcount: number | null; revenue: string | null }[],
  ) {
    await copyRows(
      client,
      "companies",
      COMPANY_COLUMNS,
      card.map((c) => [
        c.id,
        { ru: c.facts.nameShort ?? c.facts.nameFull },
        "RU",
        this.region(c.facts),
        c.facts.city === null ? {} : { ru: c.facts.city },
        this.okvedCode(c.facts.okvedMain),
        c.headcount === null ? null : headcountRange(c.headcount),
        c.facts.smeCategory,
        c.revenue === null ? null : revenueBand(Number(c.revenue)),
        "published",
        "register",
        this.mirroredCodes(c.facts),
      ]),
    );
    await copyRows(
      client,
      "legal_entities",
      LEGAL_COLUMNS,
      card.map((c) => [c.id, c.facts.kind, c.facts.inn, c.facts.ogrn, c.facts.nameFull, c.facts.nameShort]),
    );
  }

  private async insertHistory(
    client: pg.PoolClient,
    history: { inn: string; previous: number | null; kind: string; fields: Record<string, [unknown, unknown]> }[],
  ) {
    if (history.length === 0) return;
    await client.query(
      `insert into register_changes (inn, run_id, previous_run_id, kind, fields)
       select t.inn, $1, t.previous, t.kind, t.fields::jsonb from unnest($2::text[], $3::int[], $4::text[], $5::text[]) as t(inn, previous, kind, fields)`,
      [
        this.run.id,
        history.map((h) => h.inn),
        history.map((h) => h.previous),
        history.map((h) => h.kind),
        history.map((h) => JSON.stringify(h.fields)),
      ],
    );
  }

  private region(facts: SmeFacts): string | null {
    return facts.regionCode && this.regions.has(facts.regionCode) ? facts.regionCode : null;
  }

  private okvedCode(code: string | null): string | null {
    return code && this.okved.has(code) ? code : null;
  }

  /**
   * After a whole SME snapshot: the taxpayers in the register that it does not list have left it on
   * its state date. Only a snapshot at least as new as every earlier one marks leavers.
   */
  async finish() {
    const run = this.run;
    // Every batch is in: the bulk load's indexes and foreign keys come back over the rows (one
    // build each, the keys checked in one join each) before anything else reads them.
    if (this.bulk) await restoreBulkLoads(this.writers.map((w) => w.client));
    if (run.data_set === "sme" && !run.partial && run.as_of) {
      this.seen.seal();
      const newer = await this.client.query<{ n: number }>(
        "select count(*)::int as n from register_runs where data_set = 'sme' and status = 'done' and not partial and as_of > $1",
        [run.as_of],
      );
      if (newer.rows[0]!.n === 0) {
        // The table is walked in its physical order, LEAVERS_PAGES pages at a time (a TID range
        // scan: sequential reads, no sort): walking the INN index fetched the rows in random order,
        // most of a forced re-run's time at 1,000,000 entries. A row a leaver's update moves past
        // the pages counted here is a leaver already (left_register_at set).
        const size = await this.client.query<{ pages: number }>(
          "select (pg_relation_size('register_entries') / current_setting('block_size')::int)::int as pages",
        );
        const pages = size.rows[0]!.pages;
        for (let from = 0; from <= pages; from += LEAVERS_PAGES) {
          const page = await this.client.query<{ inn: string; sme_run_id: number | null }>(
            `select inn, sme_run_id from register_entries
              where ctid >= format('(%s,0)', $1::int)::tid and ctid < format('(%s,0)', $1::int + $3::int)::tid
                and sme_as_of is not null and left_register_at is null and sme_as_of <= $2`,
            [from, run.as_of, LEAVERS_PAGES],
          );
          const leavers = page.rows.filter((r) => !this.seen.has(r.inn));
          if (leavers.length === 0) continue;
          await this.client.query("begin");
          try {
            await this.client.query(
              "update register_entries set left_register_at = $2, sme_hash = null, updated_at = now() where inn = any($1::text[])",
              [leavers.map((l) => l.inn), run.as_of],
            );
            await this.insertHistory(
              this.client,
              leavers.map((l) => ({ inn: l.inn, previous: l.sme_run_id, kind: "left", fields: { left_register_at: [null, run.as_of] } })),
            );
            await this.syncCompanyFacts(
              this.client,
              leavers.map((l) => l.inn),
            );
            run.left += leavers.length;
            await this.client.query('update register_runs set "left" = $2 where id = $1', [run.id, run.left]);
            await this.client.query("commit");
          } catch (error) {
            await this.client.query("rollback").catch(() => {});
            throw error;
          }
        }
      }
    }
    await this.client.query("update register_runs set status = 'done', finished_at = now(), error = null where id = $1", [run.id]);
  }
}

const COMPANY_COLUMNS: readonly Column[] = [
  ["id", "int"],
  ["name", "jsonb"],
  ["country", "text"],
  ["region_code", "text"],
  ["city", "jsonb"],
  ["okved_main", "text"],
  ["headcount_range", "text"],
  ["sme_category", "smallint"],
  ["revenue_band", "text"],
  ["status", "text"],
  ["origin", "text"],
  // An array literal (textArray), as `okved_extra` below.
  ["okved_codes", "text"],
];
const LEGAL_COLUMNS: readonly Column[] = [
  ["company_id", "int"],
  ["kind", "text"],
  ["inn", "text"],
  ["ogrn", "text"],
  ["name_full", "text"],
  ["name_short", "text"],
];
const ACTIVITY_COLUMNS: readonly Column[] = [
  ["company_id", "int"],
  ["okved_code", "text"],
  ["is_main", "boolean"],
];
/** Dates go as their ISO text, `okved_extra` as an array literal (textArray). */
const ENTRY_COLUMNS: readonly Column[] = [
  ["inn", "text"],
  ["company_id", "int"],
  ["kind", "text"],
  ["ogrn", "text"],
  ["name_full", "text"],
  ["name_short", "text"],
  ["region_code", "text"],
  ["city", "text"],
  ["okved_main", "text"],
  ["okved_extra", "text"],
  ["sme_category", "smallint"],
  ["sme_included_at", "text"],
  ["sme_as_of", "text"],
  ["sme_run_id", "int"],
  ["sme_hash", "text"],
];

/** A text[] literal (PostgreSQL docs, "Array Value Input"): every element double-quoted, `"` and `\` escaped. */
function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/** The SME facts that differ between the stored entry and a document: `{ column: [before, after] }`. */
function smeDiff(row: EntryRow, f: SmeFacts): Record<string, [unknown, unknown]> {
  const fields: Record<string, [unknown, unknown]> = {};
  const compare = (column: string, before: unknown, after: unknown) => {
    if ((before ?? null) !== (after ?? null)) fields[column] = [before ?? null, after ?? null];
  };
  compare("kind", row.kind, f.kind);
  compare("ogrn", row.ogrn, f.ogrn);
  compare("name_full", row.name_full, f.nameFull);
  compare("name_short", row.name_short, f.nameShort);
  compare("region_code", row.region_code, f.regionCode);
  compare("city", row.city, f.city);
  compare("okved_main", row.okved_main, f.okvedMain);
  compare("okved_extra", row.okved_extra.join(" "), f.okvedExtra.join(" "));
  compare("sme_category", row.sme_category, f.smeCategory);
  compare("sme_included_at", row.sme_included_at, f.smeIncludedAt);
  return fields;
}
