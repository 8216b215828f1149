/**
 * Import duty rates of the EAEU Common Customs Tariff (ЕТТ ЕАЭС) beside TN VED: reading the rate
 * cells as printed, importing ../shared/data/ett/ett_eaeu_derived_from_official_pdfs.csv into
 * tariff_rates, and the rate of a code for the pages.
 *
 * A rate cell is one of (the source's `rate_type`):
 * - ad valorem: "5", "7,5" — percent of the customs value;
 * - specific: "0,06 евро за 1 кг", "2 доллара США за 1 кг" — a money amount per unit of measure;
 * - combined: "15, но не менее 0,2 евро за 1 кг" (the larger of the two), "4,5 плюс 0,02 евро за 1 кг"
 *   (their sum). Cells with «либо» (an alternative of two ad valorem rates) and the two "unparsed"
 *   ones are kept as printed without a computable rate.
 *
 * Lookup rule (ADR 026): a 10-digit code has its line's rate; a shorter code (a product classified
 * only to a heading or subheading) covers several lines: when they all carry the same rate that is
 * its rate, when they differ the page shows the range of the ad valorem rates (no landed cost is
 * computed — the buyer needs the 10-digit code), and nothing when a line has a non-ad-valorem rate.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { like } from "drizzle-orm";
import type { DutyRate, DutyInfo } from "#contract/money.ts";
import type { Db } from "../db/client.ts";
import { tariffRates } from "../db/schema.ts";
import { cachedQuery } from "../catalog/cache.ts";
import { tableIsEmpty } from "../db/queries.ts";

/** The tariff file inside the reference data folder (CLASSIFIER_DATA_DIR). */
export const ETT_FILE = path.join("ett", "ett_eaeu_derived_from_official_pdfs.csv");

const num = (s: string) => s.replace(",", ".");
const UNIT_WORDS: Record<string, string> = { пару: "пар", пара: "пар", см3: "см³" };

/**
 * Reads a rate cell (without its footnote marker) into its parts; `type` as in the source. Returns
 * `computable: false` for cells whose meaning cannot be applied automatically (see the module note).
 */
export function parseRateText(text: string, type: string): Omit<DutyRate, "text" | "footnote" | "sourcePdf" | "code"> {
  const t = text.trim().replace(/\s+/g, " ");
  const none = { adValoremPct: null, specific: null, combination: null } as const;
  if (type === "ad_valorem" && /^\d+(,\d+)?$/.test(t)) return { ...none, type: "ad_valorem", adValoremPct: num(t), computable: true };
  const specific = /(\d+(?:,\d+)?) (евро|доллара? США|долларов США) за (\d+(?:,\d+)?)\s*(\S+)$/.exec(t);
  const spec = specific
    ? {
        amount: num(specific[1]!),
        currency: specific[2] === "евро" ? ("EUR" as const) : ("USD" as const),
        per: num(specific[3]!),
        unit: UNIT_WORDS[specific[4]!] ?? specific[4]!,
      }
    : null;
  if (type === "specific" && spec && specific!.index === 0) return { ...none, type: "specific", specific: spec, computable: true };
  const combined = /^(\d+(?:,\d+)?),? (но не менее|плюс) /.exec(t);
  if (type === "combined" && spec && combined) {
    return {
      type: "combined",
      adValoremPct: num(combined[1]!),
      specific: spec,
      combination: combined[2] === "плюс" ? "plus" : "min",
      computable: true,
    };
  }
  return { ...none, type: type === "ad_valorem" || type === "specific" || type === "combined" ? type : "unparsed", computable: false };
}

/** What the tariff import did. */
export interface TariffImportReport {
  lines: number;
  computable: number;
  file: string;
}

/**
 * Imports the derived ETT file from `dataDir` (replacing every stored line: the file is one
 * consolidated edition). Idempotent. Throws when the file is missing or has no `code` column.
 */
export async function importTariff(db: Db, dataDir: string): Promise<TariffImportReport> {
  const file = path.join(dataDir, ETT_FILE);
  const records = parse(await readFile(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  if (records.length === 0 || !("code" in records[0]!) || !("rate_base" in records[0]!)) throw new Error(`${file}: not the ETT rates file`);
  const rows = records
    .filter((r) => /^\d{10}$/.test(r.code!))
    .map((r) => {
      const parsed = parseRateText(r.rate_base!, r.rate_type!);
      return {
        code: r.code!,
        rateText: r.rate_base!,
        rateType: parsed.type,
        adValoremPct: parsed.adValoremPct,
        specificAmount: parsed.specific?.amount ?? null,
        specificCurrency: parsed.specific?.currency ?? null,
        specificPer: parsed.specific?.per ?? null,
        specificUnit: parsed.specific?.unit ?? null,
        combination: parsed.combination,
        footnote: r.footnote_ref || null,
        addUnit: r.add_unit || null,
        sourcePdf: r.source_pdf!,
        computable: parsed.computable,
      };
    });
  await db.transaction(async (tx) => {
    await tx.delete(tariffRates);
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(tariffRates).values(rows.slice(i, i + 1000).map(({ computable: _c, ...row }) => row));
    }
  });
  cachedDuty.forget(db);
  return { lines: rows.length, computable: rows.filter((r) => r.computable).length, file };
}

/** True when no tariff line is stored yet. */
export async function tariffIsEmpty(db: Db): Promise<boolean> {
  return tableIsEmpty(db, tariffRates);
}

type TariffRow = typeof tariffRates.$inferSelect;

function toDutyRate(row: TariffRow): DutyRate {
  const parsed = parseRateText(row.rateText, row.rateType);
  return {
    code: row.code,
    text: row.rateText,
    footnote: row.footnote,
    sourcePdf: row.sourcePdf,
    ...parsed,
  };
}

/** The consolidation date in an official chapter file name ("ru.73_2022_08.03.2026.pdf" → "2026-03-08"), or null. */
export function sourceDate(sourcePdf: string): string | null {
  const m = /(\d{2})\.(\d{2})\.(\d{4})\.pdf$/.exec(sourcePdf);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * The duty of a TN VED code or prefix (2–10 digits): see the module's lookup rule. Null when the
 * tariff has no line under the code.
 */
export async function dutyForCode(db: Db, code: string): Promise<DutyInfo | null> {
  const digits = code.replace(/\D/g, "");
  if (digits.length < 2) return null;
  const rows = await db
    .select()
    .from(tariffRates)
    .where(like(tariffRates.code, `${digits}%`))
    .orderBy(tariffRates.code)
    .limit(2001);
  if (rows.length === 0) return null;
  const rates = rows.map(toDutyRate);
  const texts = new Set(rates.map((r) => r.text));
  const sources = [...new Set(rates.map((r) => r.sourcePdf))];
  const base = { code: digits, lines: rates.length, sourcePdf: sources[0]!, sourceDate: sourceDate(sources[0]!) };
  if (texts.size === 1) return { ...base, kind: "single", rate: rates[0]!, min: null, max: null };
  if (rates.every((r) => r.type === "ad_valorem" && r.adValoremPct !== null)) {
    const values = rates.map((r) => Number(r.adValoremPct));
    const lo = rates[values.indexOf(Math.min(...values))]!.adValoremPct!;
    const hi = rates[values.indexOf(Math.max(...values))]!.adValoremPct!;
    return { ...base, kind: "range", rate: null, min: lo, max: hi };
  }
  return { ...base, kind: "ambiguous", rate: null, min: null, max: null };
}

/**
 * How long a process keeps the duty of a code it looked up (ms). The tariff changes only when a new
 * edition is imported (importTariff, which makes the importing process forget at once); other
 * processes follow within this time.
 */
export const DUTY_TTL_MS = 10 * 60_000;

const cachedDuty = cachedQuery(DUTY_TTL_MS, (db, code: string) => dutyForCode(db, code), 5000);

/**
 * `dutyForCode` through a per-process cache (server/catalog/cache.ts) of DUTY_TTL_MS, keyed by the
 * code's digits: every product page with a TN VED code shows its duty. Same answers and nulls.
 */
export function dutyForCodeCached(db: Db, code: string): Promise<DutyInfo | null> {
  return cachedDuty(db, code.replace(/\D/g, ""));
}
