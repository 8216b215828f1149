/**
 * The FNS open-data register formats the importer reads (issue 30 §1) and what one document of each
 * says, checked. A file is `<Файл ИдФайл ВерсФорм ТипИнф КолДок>` holding `<Документ>` elements, one
 * per taxpayer:
 *
 * - `ТипИнф="РЕЕСТРМСП"` — the Unified Register of SMEs (data set 7707329152-rsmp), format versions
 *   4.01 (2016–2020: legal entities without OGRN, sole traders without OGRNIP) and 4.04 (2022–: with
 *   OGRNIP, `СведСоцПред`). A document: `Документ@ДатаСост` (state date), `@ДатаВклМСП` (inclusion),
 *   `@КатСубМСП` (1 micro, 2 small, 3 medium); `ОргВклМСП@ИННЮЛ @ОГРН @НаимОрг @НаимОргСокр` or
 *   `ИПВклМСП@ИННФЛ @ОГРНИП` + `ФИОИП@Фамилия @Имя @Отчество`; `СведМН@КодРегион` with `Город`/
 *   `НаселПункт@Наим`; `СвОКВЭД/СвОКВЭДОсн|СвОКВЭДДоп@КодОКВЭД @ВерсОКВЭД`.
 * - `ТипИнф="ОТКРДАННЫЕ3"` — average headcount (data set 7707329152-sshr2019), version 4.01:
 *   `СведНП@ИННЮЛ @НаимОрг`, `СведССЧР@КолРаб`, `Документ@ДатаСост` (the year's last day).
 * - `ТипИнф="ОТКРДАННЫЕ5"` — revenue and expenses (data set 7707329152-revexp), version 4.01:
 *   `СведНП`, `СведДохРасх@СумДоход @СумРасход` (roubles, two decimals).
 *
 * Source of the structures: the published samples in ../shared/data/companies/original (byte for byte
 * FNS files) and the FNS data set passports. A version not listed here is refused by the reader with
 * a message naming it and the ones supported: another version's fields must be checked before its
 * facts are trusted (adding one is a line in `FORMATS` once its XSD is read).
 */
import { validateInn, validateOgrn } from "#contract/identifiers.ts";
import type { RegisterDataSet } from "../db/schema.ts";
import type { HeadcountBand } from "#contract/registers.ts";

/** Per `ТипИнф`: the data set and the format versions this reader understands. */
export const FORMATS: Record<string, { dataSet: RegisterDataSet; versions: readonly string[] }> = {
  РЕЕСТРМСП: { dataSet: "sme", versions: ["4.01", "4.04"] },
  ОТКРДАННЫЕ3: { dataSet: "headcount", versions: ["4.01"] },
  ОТКРДАННЫЕ5: { dataSet: "finance", versions: ["4.01"] },
};

/** Human names of the data sets, for reports and errors. */
export const DATA_SET_NAMES: Record<RegisterDataSet, string> = {
  sme: "Unified Register of SMEs (7707329152-rsmp)",
  headcount: "average headcount (7707329152-sshr2019)",
  finance: "revenue and expenses (7707329152-revexp)",
};

/** A file or archive the importer cannot read at all (unknown format, broken archive, limits); `code` is stable. */
export type RegisterErrorCode =
  | "format_unknown"
  | "version_unsupported"
  | "archive_broken"
  | "archive_limits"
  | "xml_malformed"
  | "mixed_data_sets"
  | "count_mismatch"
  | "not_found"
  | "busy"
  | "download_failed";

/** A file or archive the importer cannot read at all (unknown format, broken archive, limits); `code` is stable. */
export class RegisterFormatError extends Error {
  override name = "RegisterFormatError";
  readonly code: RegisterErrorCode;
  constructor(code: RegisterErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Facts of one SME register document. Dates are ISO `YYYY-MM-DD`. */
export interface SmeFacts {
  inn: string;
  kind: "legal" | "individual";
  ogrn: string | null;
  nameFull: string;
  nameShort: string | null;
  regionCode: string | null;
  city: string | null;
  okvedMain: string | null;
  okvedExtra: string[];
  smeCategory: number;
  smeIncludedAt: string;
  asOf: string;
}

export interface HeadcountFacts {
  inn: string;
  kind: "legal" | "individual";
  nameFull: string;
  headcount: number;
  asOf: string;
}

export interface FinanceFacts {
  inn: string;
  kind: "legal" | "individual";
  nameFull: string;
  /** Roubles with two decimals, as published ("712000.00"). */
  revenue: string;
  expenses: string;
  asOf: string;
}

export type Facts =
  { dataSet: "sme"; facts: SmeFacts } | { dataSet: "headcount"; facts: HeadcountFacts } | { dataSet: "finance"; facts: FinanceFacts };

/** Why a document is refused (stable codes; the report counts them). */
export type RefusalReason =
  | "inn_missing"
  | "inn_invalid"
  | "ogrn_invalid"
  | "name_missing"
  | "category_invalid"
  | "date_invalid"
  | "value_invalid"
  | "duplicate_in_file";

export const REFUSAL_TEXT: Record<RefusalReason, string> = {
  inn_missing: "no INN",
  inn_invalid: "INN of a wrong length or checksum",
  ogrn_invalid: "OGRN/OGRNIP of a wrong length or checksum",
  name_missing: "no name",
  category_invalid: "SME category not 1, 2 or 3",
  date_invalid: "a date that is not DD.MM.YYYY",
  value_invalid: "a headcount or amount that is not a number",
  duplicate_in_file: "the same INN again in the same batch (the later document kept)",
};

/** One `<Документ>` as the parser collected it: its own attributes and those of the elements inside, by element name. */
export interface RawDocument {
  attrs: Record<string, string>;
  /** Attributes of the first element of each name inside the document. */
  parts: Map<string, Record<string, string>>;
  /** `СвОКВЭДДоп` elements, in order. */
  okvedExtra: Record<string, string>[];
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "10.02.2019" → "2019-02-10"; null when not a real date (checked by arithmetic: it runs per entry). */
export function isoDate(value: string | undefined): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value ?? "");
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === 2 && day === 29 && !leap) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

const SMALL_WORDS = new Set(["на", "над", "под", "до", "при", "в", "во", "с", "со", "у", "о", "об", "и", "де", "ла", "ле", "да", "по"]);

// Cities and settlements repeat across millions of entries; the cache is emptied when full.
const TITLE_CACHE_MAX = 20_000;
const titleCache = new Map<string, string>();

/**
 * Title case for names the register prints in capitals ("РОСТОВ-НА-ДОНУ" → "Ростов-на-Дону",
 * "СЛОСТИН ДМИТРИЙ" → "Слостин Дмитрий"): each word and hyphen part capitalised, short service words
 * inside a name kept lower case. (Russian has no locale-specific case mappings, so the plain
 * toLowerCase/toUpperCase give the same letters as the "ru" locale's, several times faster.)
 */
export function titleCase(value: string): string {
  const cached = titleCache.get(value);
  if (cached !== undefined) return cached;
  let index = 0;
  const result = value
    .toLowerCase()
    .replace(/[\p{L}\p{N}]+/gu, (word) => {
      const first = index++ === 0;
      if (!first && SMALL_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .trim();
  if (titleCache.size >= TITLE_CACHE_MAX) titleCache.clear();
  titleCache.set(value, result);
  return result;
}

const clean = (value: string | undefined) => {
  const v = value?.replace(/\s+/g, " ").trim();
  return v ? v : null;
};

type Checked<T> = { ok: true; facts: T } | { ok: false; reason: RefusalReason; inn: string };

function checkInn(inn: string | null, kind: "legal" | "individual"): RefusalReason | null {
  if (!inn) return "inn_missing";
  return validateInn(inn, kind) ? "inn_invalid" : null;
}

/** The SME register document's facts, or why it is refused. */
export function smeFacts(doc: RawDocument): Checked<SmeFacts> {
  const org = doc.parts.get("ОргВклМСП");
  const ip = doc.parts.get("ИПВклМСП");
  const kind = org ? "legal" : "individual";
  const inn = clean(org ? org["ИННЮЛ"] : ip?.["ИННФЛ"]);
  const innProblem = checkInn(inn, kind);
  if (innProblem) return { ok: false, reason: innProblem, inn: inn ?? "" };
  const ogrn = clean(org ? org["ОГРН"] : ip?.["ОГРНИП"]);
  if (ogrn && validateOgrn(ogrn, kind)) return { ok: false, reason: "ogrn_invalid", inn: inn! };
  let nameFull: string | null;
  let nameShort: string | null;
  if (org) {
    nameFull = clean(org["НаимОрг"]);
    nameShort = clean(org["НаимОргСокр"]);
  } else {
    const fio = doc.parts.get("ФИОИП");
    const person = clean([fio?.["Фамилия"], fio?.["Имя"], fio?.["Отчество"]].filter(Boolean).join(" "));
    nameFull = person ? `Индивидуальный предприниматель ${titleCase(person)}` : null;
    nameShort = person ? `ИП ${titleCase(person)}` : null;
  }
  if (!nameFull) return { ok: false, reason: "name_missing", inn: inn! };
  const category = Number(doc.attrs["КатСубМСП"]);
  if (![1, 2, 3].includes(category)) return { ok: false, reason: "category_invalid", inn: inn! };
  const asOf = isoDate(doc.attrs["ДатаСост"]);
  const included = isoDate(doc.attrs["ДатаВклМСП"]);
  if (!asOf || !included) return { ok: false, reason: "date_invalid", inn: inn! };
  const place = doc.parts.get("СведМН");
  const regionCode = clean(place?.["КодРегион"]);
  const settlement = clean(doc.parts.get("Город")?.["Наим"]) ?? clean(doc.parts.get("НаселПункт")?.["Наим"]);
  // OKVED 2001 codes (ВерсОКВЭД="2001", in files before 2017) are another classification: not OKVED2 activities.
  const okved2 = (e: Record<string, string> | undefined) => (e && (e["ВерсОКВЭД"] ?? "2014") === "2014" ? clean(e["КодОКВЭД"]) : null);
  const okvedMain = okved2(doc.parts.get("СвОКВЭДОсн"));
  const okvedExtra = [...new Set(doc.okvedExtra.map(okved2).filter((c): c is string => !!c && c !== okvedMain))];
  return {
    ok: true,
    facts: {
      inn: inn!,
      kind,
      ogrn,
      nameFull,
      nameShort,
      regionCode: regionCode && /^\d{2}$/.test(regionCode) ? regionCode : null,
      city: settlement ? titleCase(settlement) : null,
      okvedMain,
      okvedExtra,
      smeCategory: category,
      smeIncludedAt: included,
      asOf,
    },
  };
}

/** The taxpayer of a headcount or revenue document (`СведНП`), or why it is refused. */
function taxpayer(doc: RawDocument): Checked<{ inn: string; kind: "legal" | "individual"; nameFull: string; asOf: string }> {
  const np = doc.parts.get("СведНП");
  const inn = clean(np?.["ИННЮЛ"] ?? np?.["ИННФЛ"]);
  const kind = inn?.length === 12 ? "individual" : "legal";
  const innProblem = checkInn(inn, kind);
  if (innProblem) return { ok: false, reason: innProblem, inn: inn ?? "" };
  const nameFull = clean(np?.["НаимОрг"]);
  if (!nameFull) return { ok: false, reason: "name_missing", inn: inn! };
  const asOf = isoDate(doc.attrs["ДатаСост"]);
  if (!asOf) return { ok: false, reason: "date_invalid", inn: inn! };
  return { ok: true, facts: { inn: inn!, kind, nameFull, asOf } };
}

/** The headcount document's facts (`СведССЧР@КолРаб`, a whole number ≥ 0), or why it is refused. */
export function headcountFacts(doc: RawDocument): Checked<HeadcountFacts> {
  const who = taxpayer(doc);
  if (!who.ok) return who;
  const raw = doc.parts.get("СведССЧР")?.["КолРаб"] ?? "";
  if (!/^\d{1,9}$/.test(raw)) return { ok: false, reason: "value_invalid", inn: who.facts.inn };
  return { ok: true, facts: { ...who.facts, headcount: Number(raw) } };
}

const AMOUNT = /^-?\d{1,16}(\.\d{1,2})?$/;

/** The revenue document's facts (`СведДохРасх@СумДоход @СумРасход`), or why it is refused. */
export function financeFacts(doc: RawDocument): Checked<FinanceFacts> {
  const who = taxpayer(doc);
  if (!who.ok) return who;
  const sums = doc.parts.get("СведДохРасх");
  const revenue = sums?.["СумДоход"] ?? "";
  const expenses = sums?.["СумРасход"] ?? "";
  if (!AMOUNT.test(revenue) || !AMOUNT.test(expenses)) return { ok: false, reason: "value_invalid", inn: who.facts.inn };
  return { ok: true, facts: { ...who.facts, revenue: Number(revenue).toFixed(2), expenses: Number(expenses).toFixed(2) } };
}

/** The headcount band of the company card (`companies.headcount_range`) for a register headcount. */
export function headcountRange(headcount: number): HeadcountBand {
  if (headcount <= 10) return "1-10";
  if (headcount <= 50) return "11-50";
  if (headcount <= 250) return "51-250";
  if (headcount <= 1000) return "251-1000";
  return "1000+";
}
