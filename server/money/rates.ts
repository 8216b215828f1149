/**
 * Official exchange rates of the Bank of Russia (ЦБ РФ): reading its `XML_daily.asp` answer,
 * storing it by date (table exchange_rates) and reading the latest rates back.
 *
 * Format (https://www.cbr.ru/development/SXML/): `<ValCurs Date="15.10.2024" name="Foreign Currency
 * Market"><Valute ID="R01375"><NumCode>156</NumCode><CharCode>CNY</CharCode><Nominal>1</Nominal>
 * <Name>…</Name><Value>13,4987</Value>[<VunitRate>…</VunitRate>]</Valute>…</ValCurs>`: `Value` roubles
 * for `Nominal` units, with a decimal comma. The bank declares windows-1251, but copies re-saved as
 * UTF-8 often keep that declaration, so the encoding is decided from the bytes (decodeCbrXml).
 *
 * History is never overwritten: a date already stored keeps its values (a re-import of the same
 * file changes nothing; a differing value is reported, not written).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { exchangeRates } from "../db/schema.ts";
import { cachedQuery } from "../catalog/cache.ts";
import { tableIsEmpty } from "../db/queries.ts";
import { NO_REDIRECTS, readCapped } from "../fetch-limits.ts";

/** One currency's rate as published: `value` roubles (decimal string, dot) for `nominal` units. */
export interface CbrRate {
  currency: string;
  nominal: number;
  value: string;
}

/** A parsed `XML_daily.asp` answer; `date` is ISO (YYYY-MM-DD). */
export interface CbrDaily {
  date: string;
  rates: CbrRate[];
}

/** The file is not a Bank of Russia daily rates document (message says why). */
export class CbrFormatError extends Error {
  override name = "CbrFormatError";
}

/**
 * Text of an `XML_daily.asp` answer from its bytes: a UTF-8 byte-order mark or bytes that are valid
 * UTF-8 are read as UTF-8 (whatever the declaration says — Cyrillic in windows-1251 is never valid
 * UTF-8), anything else as windows-1251, the bank's own encoding.
 */
export function decodeCbrXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1251").decode(bytes);
  }
}

const tag = (block: string, name: string) => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1];

/**
 * Parses the text of an `XML_daily.asp` answer. Rates are kept as the bank prints them (nominal and
 * value), the decimal comma turned into a dot. Throws CbrFormatError when there is no `ValCurs`
 * date or no rate, or a rate is malformed.
 */
export function parseCbrDaily(xml: string): CbrDaily {
  const head = /<ValCurs\b[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(xml);
  if (!head) throw new CbrFormatError('No <ValCurs Date="DD.MM.YYYY"> element: not a Bank of Russia XML_daily answer');
  const [, dd, mm, yyyy] = head;
  const date = `${yyyy}-${mm}-${dd}`;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new CbrFormatError(`Invalid date ${dd}.${mm}.${yyyy}`);
  const rates: CbrRate[] = [];
  for (const match of xml.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const block = match[1]!;
    const currency = tag(block, "CharCode");
    const nominal = tag(block, "Nominal");
    const value = tag(block, "Value")?.replace(",", ".");
    if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new CbrFormatError(`Bad CharCode ${JSON.stringify(currency)}`);
    if (!nominal || !/^\d+$/.test(nominal) || Number(nominal) === 0) throw new CbrFormatError(`Bad Nominal of ${currency}`);
    if (!value || !/^\d+(\.\d+)?$/.test(value) || Number(value) === 0) throw new CbrFormatError(`Bad Value of ${currency}`);
    rates.push({ currency, nominal: Number(nominal), value });
  }
  if (rates.length === 0) throw new CbrFormatError("No <Valute> rates in the document");
  return { date, rates };
}

/** What an import did: rows added, rows already stored with the same values, and stored rows left as they were although the file differs. */
export interface RatesImportReport {
  date: string;
  added: number;
  unchanged: number;
  kept: string[];
}

/** Stores a parsed daily answer; see the module's note on history. */
export async function storeCbrDaily(db: Db, daily: CbrDaily): Promise<RatesImportReport> {
  const existing = await db
    .select({ currency: exchangeRates.currency, nominal: exchangeRates.nominal, value: exchangeRates.value })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.date, daily.date),
        inArray(
          exchangeRates.currency,
          daily.rates.map((r) => r.currency),
        ),
      ),
    );
  const stored = new Map(existing.map((r) => [r.currency, r]));
  const fresh = daily.rates.filter((r) => !stored.has(r.currency));
  const kept = daily.rates
    .filter((r) => {
      const s = stored.get(r.currency);
      return s && (s.nominal !== r.nominal || Number(s.value) !== Number(r.value));
    })
    .map((r) => r.currency);
  if (fresh.length > 0) {
    await db
      .insert(exchangeRates)
      .values(fresh.map((r) => ({ date: daily.date, currency: r.currency, nominal: r.nominal, value: r.value })))
      .onConflictDoNothing();
    cachedLatestRates.forget(db);
  }
  return { date: daily.date, added: fresh.length, unchanged: daily.rates.length - fresh.length - kept.length, kept };
}

/** Decodes, parses and stores one `XML_daily.asp` answer (bytes of a file or an HTTP body). */
export async function importCbrDaily(db: Db, bytes: Uint8Array): Promise<RatesImportReport> {
  return storeCbrDaily(db, parseCbrDaily(decodeCbrXml(bytes)));
}

/** The largest rates answer read (the bank's daily file is ≈ 10 KB; review I4). */
export const MAX_RATES_BYTES = 1024 * 1024;

/**
 * Fetches `url` (the bank's `XML_daily.asp`, or a mirror) and imports it. Throws on an HTTP error,
 * a redirect, an answer over MAX_RATES_BYTES (server/fetch-limits.ts, review I4), a timeout (30 s)
 * or a document that is not a daily rates answer.
 */
export async function fetchCbrDaily(db: Db, url: string, fetcher: typeof fetch = fetch): Promise<RatesImportReport> {
  const response = await fetcher(url, {
    ...NO_REDIRECTS,
    signal: AbortSignal.timeout(30_000),
    headers: { accept: "application/xml, text/xml" },
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return importCbrDaily(db, await readCapped(response, MAX_RATES_BYTES));
}

/** A stored rate: roubles per ONE unit as an exact decimal string, and the date it was set for. */
export interface StoredRate {
  currency: string;
  nominal: number;
  value: string;
  /** Roubles per one unit: value / nominal (up to 8 decimals). */
  perUnit: string;
  date: string;
}

/**
 * The latest stored rate of each of `currencies` (those never imported are missing), one backward
 * walk of the primary key (currency, date) per currency.
 */
export async function latestRates(db: Db, currencies: readonly string[]): Promise<StoredRate[]> {
  if (currencies.length === 0) return [];
  const result = await db.execute<{ currency: string; nominal: number; value: string; per_unit: string; date: string }>(sql`
    select r.currency, r.nominal, r.value::text as value, round(r.value / r.nominal, 8)::text as per_unit, r.date::text as date
    from unnest(${`{${currencies.join(",")}}`}::text[]) as c(code)
    cross join lateral (select * from exchange_rates e where e.currency = c.code order by e.date desc limit 1) r`);
  return result.rows.map((r) => ({ currency: r.currency, nominal: r.nominal, value: r.value, perUnit: r.per_unit, date: r.date }));
}

/**
 * How long a process serves the latest rates it read before it reads them again (ms). The bank sets
 * one rate a day and the import job runs once a day, so another process shows a new day's rates at
 * most a minute late; the process that imported them forgets its copy at once (storeCbrDaily).
 */
export const RATES_TTL_MS = 60_000;

const cachedLatestRates = cachedQuery(RATES_TTL_MS, (db, currencies: string) => latestRates(db, currencies.split(",")));

/**
 * `latestRates` read through a per-process cache of RATES_TTL_MS (server/catalog/cache.ts): every
 * page shows prices in the visitor's currency, so without it every page asked PostgreSQL for them.
 * For displays only; a computation that must see a rate deleted a moment ago reads `latestRates`.
 */
export function latestRatesCached(db: Db, currencies: readonly string[]): Promise<StoredRate[]> {
  return cachedLatestRates(db, currencies.join(","));
}

/** True when no rate is stored yet (the demo then loads the newest snapshot of the reference data). */
export async function ratesAreEmpty(db: Db): Promise<boolean> {
  return tableIsEmpty(db, exchangeRates);
}
