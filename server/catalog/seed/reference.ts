/**
 * Reference data the demo catalogue is built from: TN VED texts and codes and OKVED codes from the
 * imported classifier tables, and real legal entities from the FNS SME register
 * (`companies/rsmp_legal_entities.csv` of the shared reference data).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type pg from "pg";
import { validateInn } from "../identifiers.ts";
import type { TnvedText } from "./names.ts";

export class ClassifiersMissingError extends Error {
  override name = "ClassifiersMissingError";
}

export interface TnvedReference {
  /** Texts of the headings, subheadings and 10-digit items under the requested headings. */
  texts: Map<string, TnvedText>;
  /** 10-digit codes per heading (provisional 2017-edition codes only where a heading has no others). */
  items: Map<string, string[]>;
}

type Queryable = Pick<pg.PoolClient, "query">;

/** Throws ClassifiersMissingError unless both classifiers have been imported. */
export async function assertClassifiers(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ tnved: number; okved: number }>(
    "select (select count(*)::int from tnved_codes where level = 5) as tnved, (select count(*)::int from okved_codes) as okved",
  );
  if (!rows[0] || rows[0].tnved === 0 || rows[0].okved === 0) {
    throw new ClassifiersMissingError(
      "The classifiers are not imported: the demo catalogue needs TN VED EAEU and OKVED2. Run `npm run import:classifiers` first.",
    );
  }
}

export async function loadTnved(client: Queryable, headings: string[]): Promise<TnvedReference> {
  const { rows } = await client.query<{ code: string; level: number; name_ru: string; name_en: string | null; provisional: boolean }>(
    `select code, level, name_ru, name_en, provisional from tnved_codes
      where left(code, 4) = any($1::text[]) and level between 3 and 5 and abolished_at is null
      order by code`,
    [headings],
  );
  const texts = new Map<string, TnvedText>();
  const current = new Map<string, string[]>();
  const provisional = new Map<string, string[]>();
  for (const row of rows) {
    texts.set(row.code, { code: row.code, nameRu: row.name_ru, nameEn: row.name_en });
    if (row.level !== 5) continue;
    const target = row.provisional ? provisional : current;
    const heading = row.code.slice(0, 4);
    if (!target.has(heading)) target.set(heading, []);
    target.get(heading)!.push(row.code);
  }
  const items = new Map<string, string[]>();
  for (const heading of headings) {
    const codes = current.get(heading) ?? provisional.get(heading);
    if (!texts.has(heading) || !codes?.length) throw new Error(`TN VED heading ${heading} has no 10-digit codes in tnved_codes`);
    items.set(heading, codes);
  }
  return { texts, items };
}

export async function loadOkvedCodes(client: Queryable): Promise<Set<string>> {
  const { rows } = await client.query<{ code: string }>("select code from okved_codes where abolished_at is null");
  return new Set(rows.map((r) => r.code));
}

/** A real legal entity from the SME register. */
export interface RealEntity {
  inn: string;
  nameFull: string;
  nameShort: string;
  /** First two INN digits: the region of the tax office that issued it. */
  regionCode: string;
  /** City or settlement, in the register's capitals («САЛЕХАРД»), if given. */
  city: string | null;
  /** «ЯМАЛО-НЕНЕЦКИЙ АВТОНОМНЫЙ ОКРУГ, Г. САЛЕХАРД». */
  address: string;
  okvedMain: string;
  okvedExtra: string[];
  /** 1 micro, 2 small, 3 medium. */
  mspCategory: number;
  newlyCreated: boolean;
}

/** Reads `companies/rsmp_legal_entities.csv` under `referenceDir`; an empty list when it is absent. */
export function loadRealEntities(referenceDir: string | undefined): RealEntity[] {
  if (!referenceDir) return [];
  const file = path.join(referenceDir, "companies", "rsmp_legal_entities.csv");
  if (!existsSync(file)) return [];
  const records = parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const out: RealEntity[] = [];
  for (const r of records) {
    const inn = r.inn ?? "";
    if (validateInn(inn, "legal") !== null || !r.name_full || !r.okved_main_code) continue;
    const place = [
      [r.region_name, r.region_type].filter(Boolean).join(" "),
      r.district_name ? [r.district_type, r.district_name].filter(Boolean).join(" ") : "",
      r.city_name ? `Г. ${r.city_name}` : "",
      r.settlement_name ? [r.settlement_type, r.settlement_name].filter(Boolean).join(" ") : "",
    ].filter(Boolean);
    out.push({
      inn,
      nameFull: r.name_full,
      nameShort: r.name_short || r.name_full,
      regionCode: inn.slice(0, 2),
      city: r.city_name || r.settlement_name || null,
      address: place.join(", "),
      okvedMain: r.okved_main_code,
      okvedExtra: (r.okved_additional_codes ?? "")
        .split(";")
        .map((c) => c.trim())
        .filter(Boolean),
      mspCategory: Number(r.msp_category) || 1,
      newlyCreated: r.is_newly_created === "True",
    });
  }
  return out;
}
