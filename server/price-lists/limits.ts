/**
 * The bounds a price list is read under (issue 25 §1; security review 2, N1 and N2), in one place.
 * Every bound is checked while the file is read, in the parse worker (worker.ts), and a file over
 * one is refused with DomainError `price_list_too_large` (422) whose `details` are
 * `{ limit, value, max }` (contract/errors.ts `PriceListLimit`): which bound, the file's value (rows,
 * columns, characters, bytes…) and the bound — the web page words it in the user's language.
 *
 * - `rows`: rows of products — 50,000 (the import's batch design, ADR 027); a header row per sheet
 *   is not counted. `columns`: cells of one row (or params and pictures of one YML offer) — 200.
 * - `cells`: non-empty rows' cells in the file — 2,000,000; `cell_chars`: characters of one cell or
 *   YML element — 100,000; `text_chars`: characters of all cells together — 40,000,000 (an XLSX can
 *   repeat one shared string in every cell: this caps what the reader hands on).
 * - `categories`: YML `<category>` elements — 5,000; `xml_depth`: nesting of XML elements — 32
 *   (YML and XLSX parts are 6–8 deep).
 * - `entries`, `entry_bytes`, `total_bytes`, `ratio`: the zip bounds of server/files/archive.ts.
 * - `memory_mb`, `seconds`: the parse worker's heap and wall-clock time (read.ts).
 *
 * Rows, cells and characters are counted to the end of the file so the refusal names the real
 * figure; the other bounds stop the reading at once.
 */
import type { PriceListLimit } from "#contract/errors.ts";
import { DomainError } from "../errors.ts";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../files/archive.ts";

export type { PriceListLimit } from "#contract/errors.ts";

export interface ReadLimits {
  rows: number;
  columns: number;
  cells: number;
  cellChars: number;
  textChars: number;
  categories: number;
  xmlDepth: number;
  archive: ArchiveLimits;
  /** The parse worker: V8 heap bounds (MB), stack (MB) and wall-clock time (ms). */
  worker: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number; stackSizeMb: number; timeoutMs: number };
}

export const READ_LIMITS: ReadLimits = {
  rows: 50_000,
  columns: 200,
  cells: 2_000_000,
  // A real shop's YML (woo-grundfos in ../shared/data/yml) has a 10,707-character description: one
  // long text must not refuse a whole file; the total below bounds what many long cells can add up to.
  cellChars: 100_000,
  textChars: 40_000_000,
  categories: 5_000,
  xmlDepth: 32,
  archive: ARCHIVE_LIMITS,
  worker: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4, timeoutMs: 60_000 },
};

/** The refusal of a file over `limit`: DomainError `price_list_too_large` with `{ limit, value, max }`. */
export function tooLarge(limit: PriceListLimit, value: number, max: number): DomainError {
  return new DomainError("price_list_too_large", `The price list is over the ${limit} limit: ${value} > ${max}`, {
    details: { limit, value, max },
  });
}

/** The refusal as it crosses from the worker (plain data). */
export interface LimitBreach {
  limit: PriceListLimit;
  value: number;
  max: number;
}

/** Thrown inside the worker; read.ts turns it into `tooLarge`. */
export class LimitError extends Error {
  readonly breach: LimitBreach;
  constructor(breach: LimitBreach) {
    super(`over the ${breach.limit} limit: ${breach.value} > ${breach.max}`);
    this.breach = breach;
    this.name = "LimitError";
  }
}

export const over = (limit: PriceListLimit, value: number, max: number) => new LimitError({ limit, value, max });

/** The parent's "one batch taken" message to a flow-controlled parse worker (worker.ts CML_IN_FLIGHT, read.ts). */
export const ACK = "ack";
