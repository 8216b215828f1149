/**
 * Readers for the official classifier files in the reference data folder (`../shared/data`,
 * described in its README.md). They return rows ready for the database; they never write.
 *
 * - OKVED2: `okved2/okved2_full.json` (Rosstat open data 7708234640-okvedva, amendment 83/2025),
 *   English names of sections and 2-digit classes from ISIC Rev.4 (already in the file).
 * - TN VED EAEU: `tnved/tnved_eaeu.csv` (HS-2022 based edition), the provisional 2017-edition
 *   supplement `tnved/tnved_eaeu_10digit_supplement_2017ed.csv`, and section/chapter notes
 *   `tnved/tnved_eaeu_sections_chapters_notes.json`. English (HS 2022) down to 6 digits is in the CSV.
 * - Chinese names of the top two levels: our own translation in `../translations/*.zh.json`.
 *
 * Errors: `SourceError` naming the missing or malformed file.
 */
import { restoreSuperscripts } from "./superscripts.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { sourceFile } from "#server/paths.ts";

export class SourceError extends Error {
  override name = "SourceError";
}

/** A code's place in its classifier's tree and official list (the columns every classifier has). */
export interface ClassifierTreeRow {
  code: string;
  section: string;
  level: number;
  parentCode: string | null;
  isLeaf: boolean;
  position: number;
}

export interface OkvedRow extends ClassifierTreeRow {
  nameRu: string;
  nameEn: string | null;
  nameZh: string | null;
  notesRu: string | null;
  includesRu: string[];
  excludesRu: string[];
}

export interface TnvedRow extends ClassifierTreeRow {
  indent: number;
  nameRu: string;
  nameRuFull: string | null;
  nameEn: string | null;
  nameZh: string | null;
  notesRu: string | null;
  /** ISO date (YYYY-MM-DD) or null. */
  validFrom: string | null;
  edition: "2022" | "2017";
  provisional: boolean;
}

export interface ClassifierSource<Row> {
  edition: string;
  source: string;
  rows: Row[];
}

const translationsDir = sourceFile("server/classifiers/translations");

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new SourceError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const text = await readText(file);
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new SourceError(`${file} has an unexpected shape: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function readCsv(text: string, file: string): Record<string, string>[] {
  try {
    return parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  } catch (error) {
    throw new SourceError(`${file} is not valid CSV: ${(error as Error).message}`);
  }
}

const translationsSchema = z.record(z.string(), z.string().min(1));

/** `DD.MM.YYYY` → `YYYY-MM-DD`; anything else → null. */
export function isoDate(value: string | undefined): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value?.trim() ?? "");
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

const blankToNull = (value: string | undefined | null) => (value && value.trim() !== "" ? value.trim() : null);

/** HS English titles are partly lower case ("live animals; animal products"): start them with a capital. */
export function sentenceCase(value: string | null): string | null {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

const okvedFileSchema = z.object({
  edition: z.string(),
  items: z.array(
    z.object({
      code: z.string().min(1),
      section: z.string().length(1),
      level: z.number().int().min(1).max(6),
      parent_code: z.string(),
      is_leaf: z.boolean(),
      name_ru: z.string().min(1),
      name_en: z.string().nullish(),
      notes_ru: z.string().nullish(),
      includes_ru: z.array(z.string()).default([]),
      excludes_ru: z.array(z.string()).default([]),
    }),
  ),
});

export async function readOkved(dataDir: string): Promise<ClassifierSource<OkvedRow>> {
  const file = path.join(dataDir, "okved2", "okved2_full.json");
  const data = await readJson(file, okvedFileSchema);
  const zh = await readJson(path.join(translationsDir, "okved.zh.json"), translationsSchema);
  return {
    edition: data.edition,
    source: "okved2/okved2_full.json",
    rows: data.items.map((item, index) => ({
      code: item.code,
      section: item.section,
      level: item.level,
      parentCode: blankToNull(item.parent_code),
      isLeaf: item.is_leaf,
      position: index,
      nameRu: item.name_ru.trim(),
      nameEn: blankToNull(item.name_en),
      nameZh: zh[item.code] ?? null,
      notesRu: blankToNull(item.notes_ru),
      includesRu: item.includes_ru,
      excludesRu: item.excludes_ru,
    })),
  };
}

const notesFileSchema = z.object({
  items: z.array(z.object({ code: z.string(), notes_ru: z.string().nullish() })),
});

export async function readTnved(dataDir: string): Promise<ClassifierSource<TnvedRow>> {
  const dir = path.join(dataDir, "tnved");
  const mainFile = path.join(dir, "tnved_eaeu.csv");
  const supplementFile = path.join(dir, "tnved_eaeu_10digit_supplement_2017ed.csv");
  const [mainText, supplementText, notes, zh] = await Promise.all([
    readText(mainFile),
    readText(supplementFile),
    readJson(path.join(dir, "tnved_eaeu_sections_chapters_notes.json"), notesFileSchema),
    readJson(path.join(translationsDir, "tnved.zh.json"), translationsSchema),
  ]);
  const notesByCode = new Map(notes.items.map((item) => [item.code, blankToNull(item.notes_ru)]));
  const rows: TnvedRow[] = readCsv(mainText, mainFile).map((r, index) => ({
    code: r.code!,
    section: r.section!,
    level: Number(r.level),
    parentCode: blankToNull(r.parent_code),
    isLeaf: r.is_leaf === "True",
    position: index,
    indent: Number(r.indent) || 0,
    // The source lost "²" and "³" (ADR 042): restored here, once, for every page and export.
    nameRu: restoreSuperscripts(r.name_ru!.trim(), blankToNull(r.name_ru_full)),
    nameRuFull: restoreSuperscripts(blankToNull(r.name_ru_full)),
    nameEn: sentenceCase(blankToNull(r.name_en)),
    nameZh: zh[r.code!] ?? null,
    notesRu: restoreSuperscripts(notesByCode.get(r.code!) ?? null),
    validFrom: isoDate(r.valid_from),
    edition: "2022",
    provisional: false,
  }));
  if (rows.some((row) => !row.code || !Number.isInteger(row.level))) throw new SourceError(`${mainFile}: a row lacks code or level`);

  const byCode = new Map(rows.map((row) => [row.code, row]));
  const supplement = readCsv(supplementText, supplementFile);
  let position = rows.length;
  for (const r of supplement) {
    const parent = byCode.get(r.parent_code!);
    // Codes the 2022 edition already has win; a supplement row needs its 6-digit parent.
    if (!parent || byCode.has(r.code!)) continue;
    parent.isLeaf = false;
    const row: TnvedRow = {
      code: r.code!,
      section: parent.section,
      level: 5,
      parentCode: parent.code,
      isLeaf: true,
      position: position++,
      indent: Number(r.indent) || 0,
      nameRu: restoreSuperscripts(r.name_ru!.trim(), blankToNull(r.name_ru_full)),
      nameRuFull: restoreSuperscripts(blankToNull(r.name_ru_full)),
      nameEn: null,
      nameZh: null,
      notesRu: null,
      validFrom: isoDate(r.valid_from),
      edition: "2017",
      provisional: true,
    };
    rows.push(row);
    byCode.set(row.code, row);
  }
  return { edition: "ТН ВЭД ЕАЭС (HS 2022), 2022+", source: "tnved/tnved_eaeu.csv + tnved_eaeu_10digit_supplement_2017ed.csv", rows };
}
