/**
 * Drizzle schema (PostgreSQL only; the embedded PGlite and a PostgreSQL ≥ 15 server share it).
 *
 * Classifier tables keep one row per official code. Names are stored per language
 * (`name_ru` is the official text and the source language; `name_en` comes from ISIC Rev.4 / HS 2022;
 * `name_zh` is our own translation of the top two levels). Codes that disappear from a later edition
 * are kept with `abolished_at` set, because companies and products may still cite them.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  numeric,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  bigint,
  check,
  pgSequence,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A `timestamp with time zone` column: every point in time of the schema is stored as one. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written (`created_at`), set by the database on insert. */
const createdAt = () => timestamptz("created_at").notNull().defaultNow();

const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
};

/**
 * A required integer link to `target` (a thunk, as tables refer to tables defined further down):
 * the row belongs to the target and is deleted with it (`on delete cascade`).
 */
const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: "cascade" });

/** An optional integer link to `target` (a thunk): cleared, not deleted, when the target goes (`on delete set null`). */
const optionalRef = (name: string, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: "set null" });

/** The tree columns of a classifier table (OKVED2, TN VED): a code, its place in the official tree and list. */
const classifierTree = () => ({
  code: text("code").primaryKey(),
  /** Digits of the code without dots ("6201" for 62.01); empty for sections. */
  codeDigits: text("code_digits")
    .notNull()
    .generatedAlwaysAs(sql`regexp_replace(code, '[^0-9]', '', 'g')`),
  section: text("section").notNull(),
  level: smallint("level").notNull(),
  parentCode: text("parent_code"),
  isLeaf: boolean("is_leaf").notNull(),
  /** Order in the official list. */
  position: integer("position").notNull(),
});

/**
 * The indexes of classifier table `table`: children in order, a code's digits by prefix, the
 * full-text search, and the rows with a Chinese name (the top two levels only, so a substring
 * search of Chinese scans just those rows).
 */
function classifierIndexes(
  table: string,
  t: { code: AnyPgColumn; codeDigits: AnyPgColumn; parentCode: AnyPgColumn; position: AnyPgColumn; searchVector: AnyPgColumn },
) {
  return [
    index(`${table}_parent_idx`).on(t.parentCode, t.position),
    index(`${table}_digits_idx`).using("btree", sql`${t.codeDigits} text_pattern_ops`),
    index(`${table}_search_idx`).using("gin", t.searchVector),
    index(`${table}_zh_idx`)
      .on(t.code)
      .where(sql`name_zh is not null`),
  ];
}

/** OKVED2 (OK 029-2014): sections A–U and dotted codes 01 … 01.11.11, six levels. */
export const okvedCodes = pgTable(
  "okved_codes",
  {
    ...classifierTree(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en"),
    nameZh: text("name_zh"),
    sourceLang: text("source_lang").notNull().default("ru"),
    notesRu: text("notes_ru"),
    includesRu: jsonb("includes_ru").$type<string[]>().notNull().default([]),
    excludesRu: jsonb("excludes_ru").$type<string[]>().notNull().default([]),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, name_ru), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name_en, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(notes_ru, '')), 'D')`,
      ),
    abolishedAt: timestamptz("abolished_at"),
    ...timestamps,
  },
  (t) => classifierIndexes("okved_codes", t),
);

/** TN VED EAEU: sections I–XXI, chapters (2 digits), headings (4), subheadings (6), items (10). */
export const tnvedCodes = pgTable(
  "tnved_codes",
  {
    ...classifierTree(),
    /** Number of dashes in the official 10-digit line: its depth in the printed tariff. */
    indent: smallint("indent").notNull().default(0),
    nameRu: text("name_ru").notNull(),
    /** The full Russian description path, which gives context to lines such as «прочие». */
    nameRuFull: text("name_ru_full"),
    nameEn: text("name_en"),
    nameZh: text("name_zh"),
    sourceLang: text("source_lang").notNull().default("ru"),
    /** Official section and chapter notes («Примечания»), including EAEU additional notes. */
    notesRu: text("notes_ru"),
    validFrom: date("valid_from"),
    /** "2022" for the HS-2022 based edition; "2017" for the provisional supplement. */
    edition: text("edition").notNull(),
    provisional: boolean("provisional").notNull().default(false),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, name_ru), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name_en, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(name_ru_full, '')), 'C')`,
      ),
    abolishedAt: timestamptz("abolished_at"),
    ...timestamps,
  },
  (t) => classifierIndexes("tnved_codes", t),
);

/**
 * Vocabulary of each classifier (lower-cased words of its names) for spelling correction:
 * a query word with no match is replaced by its nearest trigram neighbour here
 * (the approach the PostgreSQL manual suggests in "pg_trgm: text search integration").
 */
export const classifierTerms = pgTable(
  "classifier_terms",
  {
    classifier: text("classifier").notNull(),
    term: text("term").notNull(),
    documents: integer("documents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classifier, t.term] }),
    // GiST (not GIN) so that nearest-neighbour ordering by `<->` walks the index; one per classifier
    // so that a lookup walks only that classifier's words.
    index("classifier_terms_okved_knn_idx")
      .using("gist", sql`${t.term} gist_trgm_ops`)
      .where(sql`classifier = 'okved'`),
    index("classifier_terms_tnved_knn_idx")
      .using("gist", sql`${t.term} gist_trgm_ops`)
      .where(sql`classifier = 'tnved'`),
  ],
);

/**
 * Lexemes of each classifier's full-text index (`ts_stat` over `search_vector`): a query word is
 * "known" when its Russian/English stem starts one of them, i.e. full-text search would match it.
 */
export const classifierLexemes = pgTable(
  "classifier_lexemes",
  {
    classifier: text("classifier").notNull(),
    lexeme: text("lexeme").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classifier, t.lexeme] }),
    index("classifier_lexemes_prefix_idx").using("btree", t.classifier, sql`${t.lexeme} text_pattern_ops`),
  ],
);

/** One row per run of the importer: what it read and what changed. */
export const classifierImports = pgTable("classifier_imports", {
  id: serial("id").primaryKey(),
  classifier: text("classifier").notNull(),
  edition: text("edition").notNull(),
  source: text("source").notNull(),
  rowCount: integer("row_count").notNull(),
  /** `{ [level]: { added, renamed, removed } }` against the previous import. */
  changes: jsonb("changes").$type<Record<string, { added: number; renamed: number; removed: number }>>().notNull(),
  startedAt: timestamptz("started_at").notNull(),
  finishedAt: timestamptz("finished_at").notNull().defaultNow(),
});

export const schemaExtensions = ["pg_trgm"] as const;

/* ───────────────────────────── Catalogue ───────────────────────────── */

import type { Lang, Localized } from "#contract/langs.ts";
import type { OnecImportState } from "#contract/onec.ts";
/** User-facing text per language (`Localized`); `source_lang` columns record which one the author wrote. */
export type { Lang, Localized };
export type LocalizedFact = { key: Localized; value: Localized };

const localized = (name: string) => jsonb(name).$type<Localized>();

/** The Chinese characters search splits into character tokens: CJK Unified Ideographs and Extension A. */
export const CJK_CHAR_CLASS = "[\\u3400-\\u9fff]";

/**
 * SQL (text) of the `simple` tsvector of Chinese text `textExpr` (an SQL expression of type text),
 * as the search vectors index it and every query that re-derives it must (ADR 068), in three
 * regexp_replace passes:
 * 1. whitespace between two Chinese characters is dropped: Chinese separates no words by spaces,
 *    so «汽车 配件» is still the phrase 汽车配件 (as it was when every character was its own token);
 * 2. each run of Chinese characters is set apart from what touches it («DN50钢管» → «DN50 钢管 »);
 * 3. every character `c` becomes `c c c`, so that a run `c1 c2 … cn` reads
 *    `c1 c1 c1c2 c2 c2c3 c3 … cn cn`: every single character (at every other position) AND every
 *    pair of adjacent characters (between them) is a token, and a pair never spans two runs.
 * A Chinese word of two or more characters is then searched by its pairs (search.ts
 * cjkPhraseQuery), which the GIN index answers nearly alone, instead of by its characters, each of
 * which is in a large share of the catalogue. No lookaround captures: PostgreSQL's cannot.
 */
export function zhSearchVectorSql(textExpr: string): string {
  const joined = `regexp_replace(${textExpr}, '(${CJK_CHAR_CLASS})\\s+(?=${CJK_CHAR_CLASS})', '\\1', 'g')`;
  const apart = `regexp_replace(${joined}, '(${CJK_CHAR_CLASS}+)', ' \\1 ', 'g')`;
  return `to_tsvector('simple'::regconfig, regexp_replace(${apart}, '(${CJK_CHAR_CLASS})', '\\1 \\1 \\1', 'g'))`;
}

/**
 * Full-text vector of localized jsonb columns: Russian and English text through the `russian`
 * configuration (russian_stem for Cyrillic, english_stem for Latin), Chinese text as single
 * characters and adjacent pairs (zhSearchVectorSql, ADR 068; one token per character before, ADR
 * 007), so that a Chinese word is searched as a phrase of its pairs through the same GIN index.
 */
function localizedVector(columns: { column: string; weight: "A" | "B" | "C" | "D" }[]) {
  return sql.raw(
    columns
      .map(
        ({ column, weight }) =>
          `setweight(to_tsvector('russian'::regconfig, coalesce(${column}->>'ru', '') || ' ' || coalesce(${column}->>'en', '')), '${weight}') || ` +
          `setweight(${zhSearchVectorSql(`coalesce(${column}->>'zh', '')`)}, '${weight}')`,
      )
      .join(" || "),
  );
}

const sourceLang = () => text("source_lang").$type<Lang>().notNull().default("ru");

/**
 * The products' full-text index is split into this many partial GIN indexes, one per `id % N`
 * (ADR 066). A GIN index has no ordered scan: a word is read as its whole posting list into a
 * bitmap before the first row, so a word in a tenth of 10,000,000 products cost a million TIDs to
 * take the 2,000 candidates search ranks. Read bucket by bucket (search.ts productMatchesSql), a
 * search stops in the first bucket that holds its candidates and reads 1/N of that list.
 */
export const PRODUCT_SEARCH_BUCKETS = 16;

/**
 * The predicate of product search bucket `b` (0 ≤ b < PRODUCT_SEARCH_BUCKETS) as its partial index
 * and every query write it, the column qualified by `alias` when given: the planner uses a partial
 * index only where the query's WHERE implies its predicate, so both are built here.
 */
export const productSearchBucket = (b: number, alias?: string) =>
  sql.raw(`(${alias ? `${alias}.` : ""}id % ${PRODUCT_SEARCH_BUCKETS}) = ${b}`);

/** The search vector of a company's or a product's card: its name (weight A) and description (C). */
const cardSearchVector = () =>
  tsvector("search_vector")
    .notNull()
    .generatedAlwaysAs(
      localizedVector([
        { column: "name", weight: "A" },
        { column: "description", weight: "C" },
      ]),
    );

/** A moderator's note on a company, a product or a buying request, in the language it was written in. */
const moderationNote = () => ({
  /** The moderator's reason when the status is `rejected` (or, for a company or a product, `blocked`). */
  moderationNote: text("moderation_note"),
  /** The language the moderator wrote `moderation_note` in (the author's: the supplier's or the buyer's, issue 7). */
  moderationNoteLang: text("moderation_note_lang").$type<Lang>(),
});

/**
 * Regions: the subjects of the Russian Federation (code = the two-digit region code used in INN,
 * KPP and vehicle plates) and China's provincial-level divisions (code = GB/T 2260 two-digit prefix,
 * prefixed "CN-").
 */
export const regions = pgTable("regions", {
  code: text("code").primaryKey(),
  country: text("country").$type<"RU" | "CN">().notNull(),
  name: localized("name").notNull(),
  position: integer("position").notNull(),
  ...timestamps,
});

/** Uploaded files (images, documents); bytes live in the storage driver under `storage_key`. */
/** `files.purpose`: a stored file that is not an attachable upload. */
export type FilePurpose = "price_list";

export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    storageKey: text("storage_key").notNull().unique(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    originalName: text("original_name"),
    sha256: text("sha256"),
    /** Unattached uploads are deleted after this time. */
    expiresAt: timestamptz("expires_at"),
    /** Storage key of the WebP thumbnail of an uploaded image (server/files/uploads.ts). */
    thumbKey: text("thumb_key"),
    /** Who uploaded it: the owner of a temporary upload (`/api/files/common`). */
    uploadedBy: optionalRef("uploaded_by", () => users.id),
    /**
     * What the file is kept for when it is not an ordinary upload: `price_list` (a price list a run
     * reads; issue 25, N7) can never be claimed or attached to anything (server/files/repository.ts).
     */
    purpose: text("purpose").$type<FilePurpose>(),
    ...timestamps,
  },
  (t) => [
    index("files_expires_idx")
      .on(t.expiresAt)
      .where(sql`expires_at is not null`),
    index("files_uploaded_by_idx").on(t.uploadedBy),
    // `/media/<key>` looks a key up as a file's or its thumbnail's (server/files/access.ts, ADR 040).
    index("files_thumb_key_idx")
      .on(t.thumbKey)
      .where(sql`thumb_key is not null`),
  ],
);

/** Product categories: a tree, each with a slug, an icon name from the sprite and localized names. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    slug: text("slug").notNull().unique(),
    icon: text("icon"),
    name: localized("name").notNull(),
    sourceLang: sourceLang(),
    /** TN VED headings (4 digits) whose goods this category holds; used by the seed and suggestions. */
    tnvedHeadings: text("tnved_headings")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.position)],
);

export const COMPANY_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_ORIGINS = ["platform", "register"] as const;
export type CompanyOrigin = (typeof COMPANY_ORIGINS)[number];

/** Suppliers. Only `published` companies are visible to visitors. */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: localized("name").notNull(),
    description: localized("description").notNull().default({}),
    sourceLang: sourceLang(),
    logoFileId: optionalRef("logo_file_id", () => files.id),
    status: text("status").$type<CompanyStatus>().notNull().default("draft"),
    country: text("country").$type<"RU" | "CN">().notNull(),
    regionCode: text("region_code").references(() => regions.code),
    city: localized("city").notNull().default({}),
    address: localized("address").notNull().default({}),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    website: text("website"),
    phone: text("phone"),
    email: text("email"),
    yearFounded: smallint("year_founded"),
    /** "1-10", "11-50", "51-250", "251-1000", "1000+". */
    headcountRange: text("headcount_range"),
    okvedMain: text("okved_main").references(() => okvedCodes.code),
    /**
     * The company's OKVED codes (company_okved_codes, in byte order), mirrored onto its row by a trigger
     * (migration 0039; the register's bulk load writes them in its COPY) so that the search's GIN index
     * holds them beside the words: words with an OKVED filter intersect inside one index (ADR 075).
     * Null when the company has none. Read it only there; company_okved_codes stays the record.
     */
    okvedCodes: text("okved_codes").array(),
    facts: jsonb("facts").$type<LocalizedFact[]>().notNull().default([]),
    /** 0 none, 1 documents checked, 2 documents and site visit. */
    verificationLevel: smallint("verification_level").notNull().default(0),
    ...moderationNote(),
    /** The status a block interrupted, restored by unblocking (server/admin/companies.ts). */
    blockedFromStatus: text("blocked_from_status").$type<CompanyStatus>(),
    /** The company card as last approved by a moderator: the "before" of the moderation diff (server/admin/diff.ts). */
    publishedSnapshot: jsonb("published_snapshot").$type<Record<string, unknown>>(),
    verificationEvidence: localized("verification_evidence"),
    verifiedAt: timestamptz("verified_at"),
    publishedAt: timestamptz("published_at"),
    /**
     * Where the company comes from (issue 30, ADR 044): `platform` — registered by its people;
     * `register` — created from the FNS open registers and not yet on the platform (nobody runs it;
     * the register import keeps its card in step with the register until it is claimed).
     */
    origin: text("origin").$type<CompanyOrigin>().notNull().default("platform"),
    /**
     * The FNS registers' word on the company, copied from its `register_entries` row by the register
     * import so that the supplier list filters and counts on one table (ADR 057): the SME category
     * (1 micro, 2 small, 3 medium; null when not in the SME register or left it) and the revenue
     * band of the latest revenue data set (REVENUE_BANDS, contract/registers.ts). They are register
     * facts, not the company's own card, so imports keep updating them after a claim.
     */
    smeCategory: smallint("sme_category"),
    revenueBand: text("revenue_band"),
    searchVector: cardSearchVector(),
    ...timestamps,
  },
  (t) => [
    // The words, the region and the OKVED codes in one GIN index (btree_gin, migration 0039; ADR 075): a
    // search with a region or a code intersects the words' posting lists with the filter's inside the
    // index, skipping, instead of reading every row the words match. Without a filter, the first column alone.
    index("companies_search_idx").using("gin", t.searchVector, t.regionCode, t.okvedCodes),
    index("companies_review_idx")
      .on(t.updatedAt, t.id)
      .where(sql`status = 'moderation'`),
    // The supplier list's order (verified first, then newest) within a status: a list page reads 20 entries.
    index("companies_status_idx").on(
      t.status,
      t.verificationLevel.desc().nullsFirst(),
      t.publishedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // The few companies visitors must not see: "of a published company" is `company_id not in` these
    // (a hashed subplan over this index), so visibility never needs a join with, or a scan of, companies.
    index("companies_unpublished_idx")
      .on(t.id)
      .where(sql`status <> 'published'`),
    index("companies_region_idx").on(t.regionCode),
    // The supplier list of a region in the list's order (ADR 062 addendum): a region with a rare OKVED code
    // or kind walks at most the region's own companies, not the whole list.
    index("companies_region_list_idx")
      .on(t.regionCode, t.verificationLevel.desc().nullsFirst(), t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`status = 'published'`),
    // The published companies outside Russia in the list's order (ADR 062 addendum): `country=CN` reads its
    // few companies, not the register's millions (the registers are Russian, so a register row never enters it).
    index("companies_foreign_list_idx")
      .on(t.verificationLevel.desc().nullsFirst(), t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`status = 'published' and country <> 'RU'`),
    index("companies_okved_main_idx").on(t.okvedMain),
    // The supplier list's register filters (ADR 057): each a partial index of the published companies
    // having the value, so a selective filter reads its rows and a count is index-only.
    index("companies_sme_category_idx")
      .on(t.smeCategory, t.id)
      .where(sql`status = 'published' and sme_category is not null`),
    index("companies_revenue_band_idx")
      .on(t.revenueBand, t.id)
      .where(sql`status = 'published' and revenue_band is not null`),
    index("companies_headcount_range_idx")
      .on(t.headcountRange, t.id)
      .where(sql`status = 'published' and headcount_range is not null`),
    // The supplier search's platform candidates (ADR 062): a word found in millions of register names is
    // looked up among the platform's few companies only, not in companies_search_idx's posting list.
    index("companies_platform_search_idx")
      .using("gin", t.searchVector)
      .where(sql`status = 'published' and origin = 'platform'`),
    // "On the platform": the few published platform companies in the list's order, among millions from the registers.
    index("companies_platform_list_idx")
      .on(t.verificationLevel.desc().nullsFirst(), t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`status = 'published' and origin = 'platform'`),
  ],
);

/** A company's economic activities: its main OKVED code and the extra ones. */
export const companyOkvedCodes = pgTable(
  "company_okved_codes",
  {
    companyId: requiredRef("company_id", () => companies.id),
    okvedCode: text("okved_code")
      .notNull()
      .references(() => okvedCodes.code),
    isMain: boolean("is_main").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.okvedCode] }),
    // text_pattern_ops: `okved_code like '46.%'` (a code and the codes under it) uses it in any collation.
    index("company_okved_codes_code_idx").on(t.okvedCode.op("text_pattern_ops"), t.companyId),
  ],
);

export const companyFiles = pgTable(
  "company_files",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    fileId: requiredRef("file_id", () => files.id),
    title: localized("title").notNull().default({}),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  // By file: whether a file is public media (server/files/access.ts).
  (t) => [index("company_files_company_idx").on(t.companyId, t.position), index("company_files_file_idx").on(t.fileId)],
);

/**
 * Legal entities and sole proprietors behind a company; INN, KPP, OGRN/OGRNIP validated on write.
 * An INN is unique within a company only: across companies it is unique among PUBLISHED ones, a rule
 * of the domain (server/profile/inn-conflicts.ts, ADR 034) because it depends on the company's status —
 * a never-submitted draft must not block the real owner (security review F7).
 */
export const legalEntities = pgTable(
  "legal_entities",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    kind: text("kind").$type<"legal" | "individual">().notNull(),
    inn: text("inn").notNull(),
    kpp: text("kpp"),
    ogrn: text("ogrn"),
    nameFull: text("name_full").notNull(),
    nameShort: text("name_short"),
    address: text("address"),
    ...timestamps,
  },
  (t) => [
    // Also serves "this company's legal entities" (its leading column).
    uniqueIndex("legal_entities_company_inn_key").on(t.companyId, t.inn),
    // "Which other companies list this INN" (the conflict check at submission and approval).
    index("legal_entities_inn_idx").on(t.inn),
    // The supplier search for an OGRN / OGRNIP typed as the words (ADR 057): a read of 5,000,000 register entities without it (ADR 062).
    index("legal_entities_ogrn_idx")
      .on(t.ogrn)
      .where(sql`ogrn is not null`),
  ],
);

export const PRODUCT_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const CURRENCIES = ["RUB", "CNY", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    categoryId: optionalRef("category_id", () => categories.id),
    tnvedCode: text("tnved_code").references(() => tnvedCodes.code),
    name: localized("name").notNull(),
    description: localized("description").notNull().default({}),
    sourceLang: sourceLang(),
    status: text("status").$type<ProductStatus>().notNull().default("draft"),
    moq: numeric("moq", { precision: 14, scale: 3 }),
    moqUnit: text("moq_unit"),
    /** ISO 3166-1 alpha-2. */
    originCountry: text("origin_country"),
    facts: jsonb("facts").$type<LocalizedFact[]>().notNull().default([]),
    /** Lowest tier price per currency, kept by the writer for sorting and price facets. */
    priceFrom: numeric("price_from", { precision: 14, scale: 2 }),
    priceCurrency: text("price_currency").$type<Currency>(),
    ...moderationNote(),
    /** The product as last approved by a moderator: the "before" of a resubmission's diff (server/admin/diff.ts). */
    publishedSnapshot: jsonb("published_snapshot").$type<Record<string, unknown>>(),
    /**
     * Edits of a published product awaiting moderation: visitors keep seeing the published columns
     * until a moderator approves and the writer copies these fields over.
     */
    pendingChanges: jsonb("pending_changes").$type<Record<string, unknown>>(),
    publishedAt: timestamptz("published_at"),
    /** The supplier's own article number (SKU): a price list updates the product with the same SKU (issue 15). */
    sku: text("sku"),
    /** The last price-list import that created or changed the product (the list's "from this import" filter). */
    priceListRunId: optionalRef("price_list_run_id", (): AnyPgColumn => priceListRuns.id),
    /** The bulk submission this product went to moderation with (null: submitted alone, or never). */
    submissionId: optionalRef("submission_id", (): AnyPgColumn => productSubmissions.id),
    searchVector: cardSearchVector(),
    ...timestamps,
  },
  (t) => [
    ...Array.from({ length: PRODUCT_SEARCH_BUCKETS }, (_, b) =>
      index(`products_search_b${String(b).padStart(2, "0")}_idx`)
        .using("gin", t.searchVector)
        .where(productSearchBucket(b)),
    ),
    // The moderation queue (issue 7): products under review and published ones with changes awaiting a moderator, oldest first.
    index("products_review_idx")
      .on(t.updatedAt, t.id)
      .where(sql`status = 'moderation' or (status = 'published' and pending_changes is not null)`),
    // A company's products by status; `category_id` answers "does this supplier sell in category X" from the index.
    index("products_company_idx").on(t.companyId, t.status, t.categoryId),
    index("products_price_list_run_idx")
      .on(t.priceListRunId)
      .where(sql`price_list_run_id is not null`),
    // The products of a bulk submission (a moderator's sample and "approve all").
    index("products_submission_idx")
      .on(t.submissionId)
      .where(sql`submission_id is not null`),
    // One product per SKU within a company: a price list row finds the product it updates (issue 15).
    uniqueIndex("products_company_sku_idx")
      .on(t.companyId, t.sku)
      .where(sql`sku is not null`),
    // List orders (newest first; lowest price within a currency) stored as index orders, so a list page
    // walks an index and stops after one page instead of sorting the matches. `company_id` comes last
    // for the "of a published company" check, so counts are index-only scans once pages are all-visible.
    index("products_status_published_idx").on(t.status, t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst(), t.companyId),
    index("products_category_idx")
      .on(t.categoryId, t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst(), t.companyId)
      .where(sql`status = 'published'`),
    index("products_price_idx")
      .on(t.priceCurrency, t.priceFrom, t.id, t.companyId)
      .where(sql`status = 'published'`),
    // A category's products by price, one walk per category of the set (repository.ts perCategory).
    index("products_category_price_idx")
      .on(t.categoryId, t.priceCurrency, t.priceFrom, t.id, t.companyId)
      .where(sql`status = 'published'`),
    // text_pattern_ops: a TN VED prefix (`tnved_code like '7304%'`) uses it in any collation.
    index("products_tnved_idx")
      .on(t.tnvedCode.op("text_pattern_ops"), t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst(), t.companyId)
      .where(sql`status = 'published'`),
  ],
);

export const SUBMISSION_STATES = ["waiting", "approving", "decided"] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/**
 * Products a supplier sent to moderation in one action (a bulk submit from the product list, e.g.
 * the drafts of one price-list import; issue 26 §3): a moderator reviews a sample and approves or
 * rejects the whole submission at once (server/admin/submissions.ts). `state`: `waiting` for a
 * moderator, `approving` while the approval job works through it, `decided` when nothing of it waits.
 */
export const productSubmissions = pgTable(
  "product_submissions",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    userId: optionalRef("user_id", () => users.id),
    /** The price-list import the products came from, when the selection was "the products of run N". */
    priceListRunId: optionalRef("price_list_run_id", () => priceListRuns.id),
    /** Products sent to moderation with it. */
    productCount: integer("product_count").notNull(),
    state: text("state").$type<SubmissionState>().notNull().default("waiting"),
    /** The moderator's decision on the whole: approved or rejected (with the note, in `moderation_note`). */
    decision: text("decision").$type<"approved" | "rejected">(),
    ...moderationNote(),
    decidedAt: timestamptz("decided_at"),
    ...timestamps,
  },
  (t) => [index("product_submissions_state_idx").on(t.state, t.createdAt)],
);

/** Price tiers: from `min_quantity` units, `price` per unit in `currency`. */
export const productPrices = pgTable(
  "product_prices",
  {
    id: serial("id").primaryKey(),
    productId: requiredRef("product_id", () => products.id),
    minQuantity: numeric("min_quantity", { precision: 14, scale: 3 }).notNull(),
    price: numeric("price", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    unit: text("unit").notNull(),
  },
  (t) => [index("product_prices_product_idx").on(t.productId, t.minQuantity)],
);

export const productFiles = pgTable(
  "product_files",
  {
    id: serial("id").primaryKey(),
    productId: requiredRef("product_id", () => products.id),
    fileId: requiredRef("file_id", () => files.id),
    kind: text("kind").$type<"image" | "document">().notNull(),
    title: localized("title").notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  // By file: whether a file is public media (server/files/access.ts).
  (t) => [index("product_files_product_idx").on(t.productId, t.kind, t.position), index("product_files_file_idx").on(t.fileId)],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: requiredRef("product_id", () => products.id),
    name: localized("name").notNull(),
    /** Attribute values, e.g. { "diameter_mm": "57", "wall_mm": "3.5" }. */
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    price: numeric("price", { precision: 14, scale: 2 }),
    currency: text("currency").$type<Currency>(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_variants_product_idx").on(t.productId, t.position)],
);

/** A company declaring that it also supplies another company's product (dealer or distributor). */
export const productCompanies = pgTable(
  "product_companies",
  {
    productId: requiredRef("product_id", () => products.id),
    companyId: requiredRef("company_id", () => companies.id),
    kind: text("kind").$type<"dealer" | "distributor">().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.productId, t.companyId] }), index("product_companies_company_idx").on(t.companyId)],
);

/** Service types (logistics, customs brokerage, certification, translation…). */
export const serviceTypes = pgTable("service_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  icon: text("icon"),
  name: localized("name").notNull(),
  description: localized("description").notNull().default({}),
  sourceLang: sourceLang(),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

/** A company's offer of a service type. */
export const companyServices = pgTable(
  "company_services",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    serviceTypeId: requiredRef("service_type_id", () => serviceTypes.id),
    description: localized("description").notNull().default({}),
    sourceLang: sourceLang(),
    priceFrom: numeric("price_from", { precision: 14, scale: 2 }),
    currency: text("currency").$type<Currency>(),
    priceUnit: localized("price_unit"),
    status: text("status").$type<ProductStatus>().notNull().default("draft"),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(localizedVector([{ column: "description", weight: "B" }])),
    ...timestamps,
  },
  (t) => [
    index("company_services_search_idx").using("gin", t.searchVector),
    index("company_services_company_idx").on(t.companyId),
    index("company_services_type_idx").on(t.serviceTypeId, t.status),
  ],
);

/** Press-centre stories; `body` is Markdown per language, sanitized when rendered. */
export const stories = pgTable(
  "stories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: localized("title").notNull(),
    lead: localized("lead").notNull().default({}),
    body: localized("body").notNull().default({}),
    sourceLang: sourceLang(),
    coverFileId: optionalRef("cover_file_id", () => files.id),
    status: text("status").$type<"draft" | "published">().notNull().default("draft"),
    publishedAt: timestamptz("published_at"),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        localizedVector([
          { column: "title", weight: "A" },
          { column: "lead", weight: "B" },
          { column: "body", weight: "D" },
        ]),
      ),
    ...timestamps,
  },
  (t) => [index("stories_published_idx").on(t.status, t.publishedAt), index("stories_search_idx").using("gin", t.searchVector)],
);

export const tags = pgTable("tags", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: localized("name").notNull(),
  ...timestamps,
});

export const storyTags = pgTable(
  "story_tags",
  {
    storyId: requiredRef("story_id", () => stories.id),
    tagId: requiredRef("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.tagId] }), index("story_tags_tag_idx").on(t.tagId)],
);

/**
 * Vocabulary of the catalogue for spelling correction (ADR 010): the lower-cased words (three letters
 * or more) of published product and supplier names, category and service type names, with the
 * number of names using each. `lang` is the word's script: `ru` Cyrillic, `en` Latin, whichever
 * translation it came from; Chinese is searched by characters and never corrected. `stem` is the
 * word's lexeme in the `russian` configuration that catalogue search uses (null for stop words), so
 * "full-text search knows this word" is a prefix probe on `stem`. Rebuilt by the seed and kept up by
 * writers through server/catalog/vocabulary.ts.
 */
export const catalogTerms = pgTable(
  "catalog_terms",
  {
    lang: text("lang").$type<"ru" | "en">().notNull(),
    term: text("term").notNull(),
    stem: text("stem").generatedAlwaysAs(sql`(tsvector_to_array(to_tsvector('russian'::regconfig, term)))[1]`),
    documents: integer("documents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lang, t.term] }),
    index("catalog_terms_stem_idx").on(t.stem.op("text_pattern_ops")),
    // GiST (not GIN) so that nearest-neighbour ordering by `<->` walks the index; one per script.
    index("catalog_terms_ru_knn_idx")
      .using("gist", sql`${t.term} gist_trgm_ops`)
      .where(sql`lang = 'ru'`),
    index("catalog_terms_en_knn_idx")
      .using("gist", sql`${t.term} gist_trgm_ops`)
      .where(sql`lang = 'en'`),
  ],
);

/* ─── Accounts, sign-in and sessions (issue 4; DESIGN §6) ─────────────────────────────────────── */

export const USER_ROLES = ["USER", "MODERATOR", "ADMIN"] as const;
/** Site roles. `ANONIM` (spec §3) is never stored: it is the role of a caller without a valid token. */
export type UserRole = (typeof USER_ROLES)[number];

/** People who signed in at least once. E-mail is stored lower-cased; phone in E.164 (`+79161234567`). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email"),
    phone: text("phone"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    locale: text("locale").$type<Lang>().notNull().default("ru"),
    role: text("role").$type<UserRole>().notNull().default("USER"),
    /** Set by a site admin or moderator: the user cannot sign in and their sessions are refused (issue 7). */
    blockedAt: timestamptz("blocked_at"),
    blockReason: text("block_reason"),
    acceptedTermsAt: timestamptz("accepted_terms_at").notNull(),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /**
     * Raised by "sign out on all devices" (ADR 017): access tokens carry the version they were signed
     * under (claim `sv`) and an older one is refused at once, not only when it expires.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), uniqueIndex("users_phone_key").on(t.phone)],
);

export const CODE_CHANNELS = ["email", "phone"] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
/** `undo_contact`: the undo link of a changed sign-in address (server/auth/contact-changes.ts), not a code. */
export const CODE_PURPOSES = ["sign_in", "change_email", "change_phone", "undo_contact"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * One-time codes: only an HMAC of the code is stored; valid until `expires_at` (10 minutes), at most
 * five attempts, single use (`consumed_at`). Sending a new code to a target retires its older ones.
 */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").$type<CodeChannel>().notNull(),
    target: text("target").notNull(),
    purpose: text("purpose").$type<CodePurpose>().notNull().default("sign_in"),
    /** For change_email / change_phone: the user who asked. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    /** Hash of the one-click link's token (e-mail only). */
    linkHash: text("link_hash"),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_codes_target_idx").on(t.channel, t.target, t.purpose, t.createdAt),
    uniqueIndex("auth_codes_link_key").on(t.linkHash),
  ],
);

/** Proof that a new identity passed verify-code; single use, short-lived, stored hashed. */
export const registrationTokens = pgTable("registration_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  channel: text("channel").$type<CodeChannel>().notNull(),
  target: text("target").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
  createdAt: createdAt(),
});

/**
 * Refresh tokens (opaque, stored as SHA-256), one row per issued token. A refresh marks the row used
 * and issues its successor in the same family; presenting a used token again revokes the family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** SHA-256 of the browser's FingerprintJS hash (the `fingerprint` header), when it sent one. */
    fingerprintHash: text("fingerprint_hash"),
    /**
     * SHA-256 of the coarse device: OS, browser and engine names read from the User-Agent. Checked on
     * every refresh, so a session works with JavaScript off, where no fine fingerprint exists.
     */
    deviceHash: text("device_hash").notNull().default(""),
    userAgent: text("user_agent"),
    ip: text("ip"),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    revokedAt: timestamptz("revoked_at"),
    revokeReason: text("revoke_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

/** Keys that sign access tokens (JWT `kid`); the newest active key signs, every unretired key verifies. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamptz("retired_at"),
});

/** Counters of rate-limiter-flexible's PostgreSQL store (its documented table shape), shared by processes. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** A user's favourite products. */
export const favourites = pgTable(
  "favourites",
  {
    userId: requiredRef("user_id", () => users.id),
    productId: requiredRef("product_id", () => products.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("favourites_product_idx").on(t.productId)],
);

/** Company roles (ADR 009; equal to contract/profile/fields.ts MEMBER_ROLES). A plain text column: a new role needs no migration. */
export const COMPANY_ROLES = ["owner", "admin", "sales", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const EMPLOYEE_STATUSES = ["invited", "active", "blocked"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/**
 * Employees: people of a company with a company role. An invitation is a row with the invited e-mail,
 * status `invited` and no user yet; accepting it sets `user_id` and `active`. A user belongs to at
 * most one company (the profile's "organization").
 */
export const companyMembers = pgTable(
  "company_members",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    invitedEmail: text("invited_email"),
    invitedBy: optionalRef("invited_by", () => users.id),
    role: text("role").$type<CompanyRole>().notNull().default("member"),
    status: text("status").$type<EmployeeStatus>().notNull().default("invited"),
    position: text("position"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("company_members_user_key").on(t.userId),
    uniqueIndex("company_members_invite_key").on(t.companyId, t.invitedEmail),
    index("company_members_company_idx").on(t.companyId, t.status),
  ],
);

/* ─── Admin area (issue 7; ADR 013) ──────────────────────────────────────────────────────────── */

/**
 * Every action of a site admin or moderator (and of `npm run admin`), written in the same
 * transaction as the change it records (server/audit/log.ts). `actor_user_id` is null for the
 * command line (`actor_label` "cli"); `before` / `after` hold the changed fields' values.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: optionalRef("actor_user_id", () => users.id),
    /** The actor's e-mail (or phone) at the time, or "cli". */
    actorLabel: text("actor_label").notNull(),
    actorRole: text("actor_role").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    requestId: text("request_id"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("admin_audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("admin_audit_log_actor_idx").on(t.actorUserId, t.createdAt.desc()),
  ],
);

export const CONTENT_PAGE_KINDS = ["page", "region"] as const;
export type ContentPageKind = (typeof CONTENT_PAGE_KINDS)[number];

/** Which suppliers a partner-region page lists: published companies of `regionCode` whose address names one of `localities` (any language). */
export interface RegionPageSettings {
  regionCode: string;
  localities: string[];
}

/**
 * Content pages edited in the admin area (spec §2 `talp`, `liaozhong`): localized Markdown on the
 * default layout. A `region` page also lists the suppliers of a partner region (`settings`).
 */
export const contentPages = pgTable("content_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  kind: text("kind").$type<ContentPageKind>().notNull().default("page"),
  title: localized("title").notNull(),
  lead: localized("lead").notNull().default({}),
  body: localized("body").notNull().default({}),
  sourceLang: sourceLang(),
  settings: jsonb("settings").$type<RegionPageSettings | null>(),
  status: text("status").$type<"draft" | "published">().notNull().default("published"),
  updatedBy: optionalRef("updated_by", () => users.id),
  ...timestamps,
});

export const PRICE_LIST_FORMATS = ["csv", "xlsx", "yml"] as const;
/** A price list's format. A 1C exchange's run (server/onec, ADR 054) stores `commerceml`, which the price-list pages never load. */
export type PriceListFormat = (typeof PRICE_LIST_FORMATS)[number];
export const PRICE_LIST_RUN_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;
export type PriceListRunStatus = (typeof PRICE_LIST_RUN_STATUSES)[number];

/**
 * One price-list upload and its import (issue 15, server/price-lists): the file, how its columns (or
 * YML categories) map to product fields, the preview's counts and first errors, then the import's
 * progress. preview → queued → running → done | failed. `mapping`, `columns`, `sample` and `errors`
 * are JSON shaped by contract/profile/price-lists.ts.
 */
export const priceListRuns = pgTable(
  "price_list_runs",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    userId: optionalRef("user_id", () => users.id),
    /** The uploaded file (an expiring upload: purged with the other uploads a day later). */
    fileId: optionalRef("file_id", () => files.id),
    originalName: text("original_name"),
    format: text("format").$type<PriceListFormat>().notNull(),
    /** How the file was read: encoding and delimiter of a CSV. */
    reading: jsonb("reading").$type<Record<string, string>>().notNull().default({}),
    /** The language the names and descriptions are written in. */
    lang: text("lang").$type<Lang>().notNull().default("ru"),
    status: text("status").$type<PriceListRunStatus>().notNull().default("preview"),
    columns: jsonb("columns").$type<unknown>().notNull().default([]),
    mapping: jsonb("mapping").$type<unknown>().notNull().default({}),
    sample: jsonb("sample").$type<unknown>().notNull().default([]),
    totalRows: integer("total_rows").notNull().default(0),
    validRows: integer("valid_rows").notNull().default(0),
    invalidRows: integer("invalid_rows").notNull().default(0),
    /** The first row errors (at most 200): `{ row, field, code, value }`. */
    errors: jsonb("errors").$type<unknown>().notNull().default([]),
    /** Every row's errors counted by code and field, with one example: `{ code, field, count, example: { row, value } }`. */
    errorCounts: jsonb("error_counts").$type<unknown>().notNull().default([]),
    /** Products written so far during the import (for the progress bar) and the outcome. */
    processed: integer("processed").notNull().default(0),
    toProcess: integer("to_process").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    failure: text("failure"),
    startedAt: timestamptz("started_at"),
    finishedAt: timestamptz("finished_at"),
    ...timestamps,
  },
  (t) => [index("price_list_runs_company_idx").on(t.companyId, t.id.desc())],
);

/**
 * What an import run changed, batch by batch, so a failed run is undone (ADR 027): a product it
 * created (`previous` null) is deleted, one it updated gets `previous` back.
 */
export const priceListRunChanges = pgTable(
  "price_list_run_changes",
  {
    runId: requiredRef("run_id", () => priceListRuns.id),
    productId: integer("product_id").notNull(),
    previous: jsonb("previous").$type<Record<string, unknown> | null>(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.productId] })],
);
/**
 * Official exchange rates of the Bank of Russia (ЦБ РФ, `XML_daily.asp`), one row per date and
 * currency: `value` roubles for `nominal` units of `currency` (as published: CNY is sometimes
 * quoted per 10). History is kept: a re-import of a date writes the same values again (server/money/rates.ts).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    /** The date the Bank of Russia set the rate for (`ValCurs Date`). */
    date: date("date").notNull(),
    /** ISO 4217 letter code (`CharCode`). */
    currency: text("currency").notNull(),
    nominal: integer("nominal").notNull(),
    /** Roubles for `nominal` units, 4 decimals as published. */
    value: numeric("value", { precision: 14, scale: 4 }).notNull(),
    importedAt: timestamptz("imported_at").notNull().defaultNow(),
  },
  // (currency, date): a currency's latest rate is the first entry of a backward index walk.
  (t) => [primaryKey({ columns: [t.currency, t.date] }), index("exchange_rates_date_idx").on(t.date)],
);

/**
 * Import duty rates of the EAEU Common Customs Tariff (ЕТТ ЕАЭС), one row per 10-digit TN VED line,
 * as derived from the EEC's official chapter PDFs (../shared/data/ett). Kept beside tnved_codes, not
 * referencing it: the tariff names lines the classifier edition may lack.
 */
export const tariffRates = pgTable("tariff_rates", {
  /** 10 digits. */
  code: text("code").primaryKey(),
  /** The rate cell as printed, without its footnote marker ("5", "15, но не менее 0,2 евро за 1 кг"). */
  rateText: text("rate_text").notNull(),
  /** ad_valorem, specific, combined or unparsed (the source's classification). */
  rateType: text("rate_type").notNull(),
  /** Percent of the customs value, when the rate has an ad valorem part. */
  adValoremPct: numeric("ad_valorem_pct", { precision: 6, scale: 3 }),
  /** The specific part: `specificAmount` of `specificCurrency` (EUR/USD) per `specificPer` `specificUnit`. */
  specificAmount: numeric("specific_amount", { precision: 12, scale: 4 }),
  specificCurrency: text("specific_currency"),
  specificPer: numeric("specific_per", { precision: 12, scale: 3 }),
  specificUnit: text("specific_unit"),
  /** How the parts combine: "min" («но не менее»: the larger of the two), "plus" («плюс»), or null. */
  combination: text("combination"),
  /** Footnote of the ETT notes the cell refers to ("63С)"), unresolved. */
  footnote: text("footnote"),
  /** Additional unit of measure of the line ("шт", "л", "–"). */
  addUnit: text("add_unit"),
  /** Official chapter file the line was read from (its name carries the consolidation date). */
  sourcePdf: text("source_pdf").notNull(),
  importedAt: timestamptz("imported_at").notNull().defaultNow(),
});

/* ─── Inquiries, conversations and notifications (issue 14 §1, §3; ADR 028) ─────────────────── */

export const CONVERSATION_STATUSES = ["new", "answered", "closed"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * An inquiry ("request a price") and the conversation it opens between a buyer (a person, with
 * their company if they have one) and a supplier company. The inquiry's terms are kept on the row;
 * the messages are in `conversation_messages`. Read state per side: `buyer_read_at` /
 * `supplier_read_at` against the other side's messages' `created_at`.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    buyerUserId: requiredRef("buyer_user_id", () => users.id),
    buyerCompanyId: optionalRef("buyer_company_id", () => companies.id),
    supplierCompanyId: requiredRef("supplier_company_id", () => companies.id),
    /** The supplier's products the inquiry is about (ids; may be empty for a general inquiry). */
    productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
    quantity: numeric("quantity", { precision: 14, scale: 3 }),
    unit: text("unit"),
    /** The quantity is below a product's MOQ (allowed, flagged to both sides). */
    belowMoq: boolean("below_moq").notNull().default(false),
    targetPrice: numeric("target_price", { precision: 14, scale: 2 }),
    currency: text("currency"),
    /** Incoterms 2020 rule (EXW … CIF). */
    incoterm: text("incoterm"),
    destinationCountry: text("destination_country"),
    destinationCity: text("destination_city"),
    wantedBy: date("wanted_by"),
    status: text("status").$type<ConversationStatus>().notNull().default("new"),
    buyerReadAt: timestamptz("buyer_read_at"),
    supplierReadAt: timestamptz("supplier_read_at"),
    lastMessageAt: timestamptz("last_message_at").notNull().defaultNow(),
    /** The supplier's first message: the response metrics (share answered in 48 h, median time). */
    firstReplyAt: timestamptz("first_reply_at"),
    /** When the inquiry was e-mailed to the public address of a company with nobody on the platform. */
    supplierMailedAt: timestamptz("supplier_mailed_at"),
    ...timestamps,
  },
  (t) => [
    index("conversations_buyer_idx").on(t.buyerUserId, t.lastMessageAt.desc()),
    index("conversations_supplier_idx").on(t.supplierCompanyId, t.lastMessageAt.desc()),
    index("conversations_supplier_created_idx").on(t.supplierCompanyId, t.createdAt),
  ],
);

/** A message of a conversation, with who wrote it (person and side) and the language it is in. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: requiredRef("conversation_id", () => conversations.id),
    authorUserId: optionalRef("author_user_id", () => users.id),
    /** The author's company at the time (the supplier for a supplier's message). */
    authorCompanyId: optionalRef("author_company_id", () => companies.id),
    side: text("side").$type<"buyer" | "supplier">().notNull(),
    body: text("body").notNull(),
    lang: text("lang").$type<Lang>().notNull(),
    fileIds: jsonb("file_ids").$type<number[]>().notNull().default([]),
    /** Hidden by staff (a reported message): shown to neither side. */
    hiddenAt: timestamptz("hidden_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_messages_conversation_idx").on(t.conversationId, t.createdAt),
    // Duplicate detection: the same text from one person to several suppliers in a short time.
    index("conversation_messages_author_idx").on(t.authorUserId, t.createdAt),
    // Which message a file belongs to, for its download check (server/files/access.ts, ADR 040).
    index("conversation_messages_files_idx").using("gin", t.fileIds.op("jsonb_path_ops")),
  ],
);

/** "Report abuse" on a message: the admin list of reports until staff resolve them. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: serial("id").primaryKey(),
    messageId: requiredRef("message_id", () => conversationMessages.id),
    reporterUserId: optionalRef("reporter_user_id", () => users.id),
    reason: text("reason"),
    resolvedAt: timestamptz("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("message_reports_once_key").on(t.messageId, t.reporterUserId),
    index("message_reports_open_idx").on(t.resolvedAt, t.createdAt),
  ],
);

/**
 * An inquiry form a visitor filled before signing in (24 h), under a random token that only the
 * browser which filled it holds, in an HttpOnly cookie (security review N15). Sending the inquiry
 * spends it: `sent_at` is claimed, `data` emptied and `conversation_id` names what was sent, so the
 * form can never be sent twice from it (issue 26 defect #5).
 */
export const inquiryDrafts = pgTable("inquiry_drafts", {
  token: text("token").primaryKey(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  sentAt: timestamptz("sent_at"),
  conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * A person's notification (server/notifications): an inbox row with a link; `emailed_at` once the
 * e-mail went out (at once, or in the daily digest).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    link: text("link").notNull(),
    readAt: timestamptz("read_at"),
    emailedAt: timestamptz("emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`read_at is null`),
    index("notifications_unmailed_idx")
      .on(t.userId)
      .where(sql`emailed_at is null`),
  ],
);

/** A person's notification settings: e-mail at once (default) or one daily digest. */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailMode: text("email_mode").$type<"instant" | "digest" | "off">().notNull().default("instant"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/* ─── Buying requests (RFQ), their matching and quotes (issue 14 §2; ADR 029) ───────────────── */

export const RFQ_STATUSES = ["draft", "moderation", "rejected", "open", "closed", "awarded", "hidden"] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_VISIBILITIES = ["public", "private"] as const;
export type RfqVisibility = (typeof RFQ_VISIBILITIES)[number];

/**
 * A buyer's request for quotation. Written in one language (`lang`); `tnved_heading` (the first four
 * digits of `tnved_code`) is what matching compares with the suppliers' products. A public request
 * is listed once a moderator approved it (`open`); a private one is only for `rfq_invitations`.
 * The deadline closes it (a job at the deadline and an hourly sweep, server/rfq/jobs.ts).
 */
export const rfqs = pgTable(
  "rfqs",
  {
    id: serial("id").primaryKey(),
    buyerUserId: requiredRef("buyer_user_id", () => users.id),
    /** The buyer's company when they had one on creation (shown to suppliers only as its name). */
    buyerCompanyId: optionalRef("buyer_company_id", () => companies.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    lang: text("lang").$type<Lang>().notNull(),
    /** TN VED EAEU code of 4, 6, 8 or 10 digits. */
    tnvedCode: text("tnved_code"),
    tnvedHeading: text("tnved_heading"),
    categoryId: optionalRef("category_id", () => categories.id),
    quantity: numeric("quantity", { precision: 14, scale: 3 }).notNull(),
    unit: text("unit").notNull(),
    targetPrice: numeric("target_price", { precision: 14, scale: 2 }),
    currency: text("currency").$type<Currency>(),
    /** Incoterms 2020 rule (EXW … CIF). */
    incoterms: text("incoterms").notNull(),
    /** ISO 3166-1 alpha-2. */
    destinationCountry: text("destination_country").notNull(),
    destinationCity: text("destination_city").notNull(),
    deadline: timestamptz("deadline").notNull(),
    visibility: text("visibility").$type<RfqVisibility>().notNull(),
    status: text("status").$type<RfqStatus>().notNull().default("draft"),
    ...moderationNote(),
    /** When the buyer last sent it (draft → moderation or open): the daily limits count these (RFQ_LIMITS). */
    submittedAt: timestamptz("submitted_at"),
    openedAt: timestamptz("opened_at"),
    closedAt: timestamptz("closed_at"),
    awardedQuoteId: integer("awarded_quote_id"),
    /**
     * When the buyer accepted `awarded_quote_id` (the undo window, AWARD_UNDO_MINUTES, counts from
     * it; it also tells a late award job from the current award), the pg-boss id of the job that
     * tells the suppliers after the window, and when that job claimed the award (no undo after).
     */
    awardedAt: timestamptz("awarded_at"),
    awardJobId: text("award_job_id"),
    awardNotifiedAt: timestamptz("award_notified_at"),
    ...timestamps,
  },
  (t) => [
    index("rfqs_buyer_idx").on(t.buyerUserId, t.createdAt.desc()),
    // The public list: open public requests, newest first.
    index("rfqs_public_idx")
      .on(t.openedAt.desc(), t.id.desc())
      .where(sql`visibility = 'public' and status = 'open'`),
    index("rfqs_review_idx")
      .on(t.updatedAt, t.id)
      .where(sql`status = 'moderation'`),
    index("rfqs_deadline_idx")
      .on(t.deadline)
      .where(sql`status = 'open'`),
  ],
);

/** Files a buyer attached to a request (drawings, specifications). */
export const rfqFiles = pgTable(
  "rfq_files",
  {
    rfqId: requiredRef("rfq_id", () => rfqs.id),
    fileId: requiredRef("file_id", () => files.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rfqId, t.fileId] })],
);

/** The companies a private request is addressed to (picked by the buyer). */
export const rfqInvitations = pgTable(
  "rfq_invitations",
  {
    rfqId: requiredRef("rfq_id", () => rfqs.id),
    companyId: requiredRef("company_id", () => companies.id),
  },
  (t) => [primaryKey({ columns: [t.rfqId, t.companyId] }), index("rfq_invitations_company_idx").on(t.companyId)],
);

/**
 * Suppliers a request reached: found by the matching job (`reason` tnved, category, okved) or
 * invited (`invited`), ranked by `score`; `notified_at` is set once the company was really told
 * (its people notified, or an invitation e-mailed to its public address; server/rfq/jobs.ts).
 */
export const rfqMatches = pgTable(
  "rfq_matches",
  {
    rfqId: requiredRef("rfq_id", () => rfqs.id),
    companyId: requiredRef("company_id", () => companies.id),
    reason: text("reason").$type<"tnved" | "category" | "okved" | "invited">().notNull(),
    score: integer("score").notNull().default(0),
    /** Set only when someone of the company was really told: `notified_via` says how. */
    notifiedAt: timestamptz("notified_at"),
    /** `account`: its people got the notification; `email`: an invitation went to its public address. */
    notifiedVia: text("notified_via").$type<"account" | "email">(),
    /**
     * Why it was not told (yet): `no_address` (nobody runs it and no public e-mail), `cap` (a daily
     * e-mail cap; retried) or `unclaimed` (a company from the FNS registers nobody claimed: told once
     * claimed, ADR 057).
     */
    heldBack: text("held_back").$type<"no_address" | "cap" | "unclaimed">(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rfqId, t.companyId] }), index("rfq_matches_company_idx").on(t.companyId, t.createdAt.desc())],
);

export const QUOTE_STATUSES = ["submitted", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** One price tier of a quote: from `minQuantity` units, `price` per unit (decimal strings). */
export type QuoteTier = { minQuantity: string; price: string };

/**
 * A supplier's answer to a request: one per company per request, editable until the deadline.
 * `price_from` is the lowest tier price (the comparison sorts by it within the currency).
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    rfqId: requiredRef("rfq_id", () => rfqs.id),
    companyId: requiredRef("company_id", () => companies.id),
    authorUserId: optionalRef("author_user_id", () => users.id),
    tiers: jsonb("tiers").$type<QuoteTier[]>().notNull(),
    priceFrom: numeric("price_from", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    moq: numeric("moq", { precision: 14, scale: 3 }).notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    incoterms: text("incoterms").notNull(),
    incotermsPlace: text("incoterms_place").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    comment: text("comment"),
    lang: text("lang").$type<Lang>().notNull(),
    status: text("status").$type<QuoteStatus>().notNull().default("submitted"),
    shortlisted: boolean("shortlisted").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("quotes_rfq_company_key").on(t.rfqId, t.companyId), index("quotes_company_idx").on(t.companyId, t.updatedAt.desc())],
);

/** Files a supplier attached to a quote. */
export const quoteFiles = pgTable(
  "quote_files",
  {
    quoteId: requiredRef("quote_id", () => quotes.id),
    fileId: requiredRef("file_id", () => files.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.fileId] })],
);

export const TRANSLATION_KINDS = ["product", "company"] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];
export const TRANSLATION_FIELDS = ["name", "description"] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

/**
 * Supplier content in the reader's language (issue 15 §4, ADR 031): one row per entity, field and
 * target language. `source_hash` is the SHA-256 of the source text it was made from: when the
 * supplier's text changes the row is stale and the translation job makes it again — unless
 * `origin` is `manual` (the supplier's own), which the machine never overwrites.
 */
export const contentTranslations = pgTable(
  "content_translations",
  {
    entityKind: text("entity_kind").$type<TranslationKind>().notNull(),
    entityId: integer("entity_id").notNull(),
    field: text("field").$type<TranslationField>().notNull(),
    sourceLang: text("source_lang").$type<Lang>().notNull(),
    targetLang: text("target_lang").$type<Lang>().notNull(),
    sourceHash: text("source_hash").notNull(),
    text: text("text").notNull(),
    origin: text("origin").$type<"machine" | "manual">().notNull(),
    /** The provider that made a machine translation (e.g. `libretranslate`, `yandex`). */
    provider: text("provider"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.entityKind, t.entityId, t.field, t.targetLang] })],
);

/**
 * Machine translations of conversation messages (issue 14 follow-up, ADR 033): made when a reader
 * asks ("translate" on a message in another language), once per message and target language.
 * `source_lang` is the message's language when it was translated; a message's body never changes.
 */
export const messageTranslations = pgTable(
  "message_translations",
  {
    messageId: requiredRef("message_id", () => conversationMessages.id),
    targetLang: text("target_lang").$type<Lang>().notNull(),
    sourceLang: text("source_lang").$type<Lang>().notNull(),
    text: text("text").notNull(),
    /** The provider that made it (e.g. `libretranslate`, `yandex`). */
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.targetLang] })],
);

/** The FNS open data sets the register import reads (issue 30, server/registers). */
export const REGISTER_DATA_SETS = ["sme", "headcount", "finance"] as const;
export type RegisterDataSet = (typeof REGISTER_DATA_SETS)[number];

/**
 * One import of one published register archive (issue 30 §1, ADR 044): which file, its data set,
 * format version and "as of" date, how far it got (`entries_done`, the resume cursor: documents in
 * archive order whose writes are committed) and its report. A crashed or failed run is resumed by
 * the next import of the same bytes (same `sha256`).
 */
export const registerRuns = pgTable(
  "register_runs",
  {
    id: serial("id").primaryKey(),
    /** The archive's name (a file name or the URL it was fetched from). */
    source: text("source").notNull(),
    sha256: text("sha256").notNull(),
    dataSet: text("data_set").$type<RegisterDataSet>(),
    formatVersion: text("format_version"),
    /** The register's state date (ДатаСост) of the file. */
    asOf: date("as_of"),
    /** An extract (not the whole register): its absence of a company says nothing, so nobody is marked left. */
    partial: boolean("partial").notNull().default(false),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    entriesDone: integer("entries_done").notNull().default(0),
    added: integer("added").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    left: integer("left").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    /** Refused entries by reason: `{ reason: { count, examples: [{ entry, doc, inn }] } }` (a few examples each). */
    refusals: jsonb("refusals")
      .$type<Record<string, { count: number; examples: { entry: string; doc: string; inn: string }[] }>>()
      .notNull()
      .default({}),
    error: text("error"),
    /**
     * A first snapshot loaded in bulk (ADR 044, addendum of 2026-11-29 "bulk"): the statements that
     * restore the secondary indexes and foreign keys its load dropped, until they have run (then
     * null). A run interrupted with them pending has them run by the next import, whatever its file.
     */
    bulkRestore: jsonb("bulk_restore").$type<string[]>(),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [index("register_runs_sha256_idx").on(t.sha256, t.id)],
);

/**
 * The FNS registers' facts about one taxpayer (by INN), as the latest imported files state them
 * (issue 30, ADR 044). `company_id` is the directory's company: created from the SME register (origin
 * `register`), or a platform company with that INN. Each data set's facts carry the run that set
 * them (`*_run_id`) and the state date they hold (`*_as_of`); `register_changes` keeps what they were.
 * Headcount and revenue facts of a taxpayer not (yet) in the SME register are kept here without a
 * company and attached when it appears.
 */
export const registerEntries = pgTable(
  "register_entries",
  {
    inn: text("inn").primaryKey(),
    companyId: optionalRef("company_id", () => companies.id),
    kind: text("kind").$type<"legal" | "individual">().notNull(),
    ogrn: text("ogrn"),
    nameFull: text("name_full").notNull(),
    nameShort: text("name_short"),
    /** The register's region code (КодРегион) and settlement (city, else locality) as published. */
    regionCode: text("region_code"),
    city: text("city"),
    okvedMain: text("okved_main"),
    okvedExtra: text("okved_extra")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 1 micro, 2 small, 3 medium (КатСубМСП). */
    smeCategory: smallint("sme_category"),
    smeIncludedAt: date("sme_included_at"),
    smeAsOf: date("sme_as_of"),
    smeRunId: optionalRef("sme_run_id", () => registerRuns.id),
    /**
     * A hash of the SME document's text that set these facts (server/registers/read.ts RawItem): the
     * same text read again is not parsed nor compared (ADR 044 addendum). Cleared when the taxpayer
     * leaves the register.
     */
    smeHash: text("sme_hash"),
    /** The state date of the first SME snapshot the taxpayer was missing from. */
    leftRegisterAt: date("left_register_at"),
    headcount: integer("headcount"),
    headcountAsOf: date("headcount_as_of"),
    headcountRunId: optionalRef("headcount_run_id", () => registerRuns.id),
    /** Revenue and expenses in roubles for the year ending `finance_as_of`. */
    revenue: numeric("revenue", { precision: 18, scale: 2 }),
    expenses: numeric("expenses", { precision: 18, scale: 2 }),
    financeAsOf: date("finance_as_of"),
    financeRunId: optionalRef("finance_run_id", () => registerRuns.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("register_entries_company_key").on(t.companyId),
    // The leavers pass of an SME snapshot walks the taxpayers still in the register, in INN order.
    index("register_entries_in_sme_idx")
      .on(t.inn)
      .where(sql`sme_as_of is not null and left_register_at is null`),
  ],
);

export const COMPANY_CLAIM_METHODS = ["moderation", "email"] as const;
export type CompanyClaimMethod = (typeof COMPANY_CLAIM_METHODS)[number];
export const COMPANY_CLAIM_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type CompanyClaimStatus = (typeof COMPANY_CLAIM_STATUSES)[number];

/**
 * A person's claim of a company from the registers (issue 30 §3, ADR 057): "this is my company",
 * proved by a moderator's approval (`moderation`: the person's statement beside the register facts)
 * or by a code sent to an address at the company's own web domain (`email`: `code_hash`, SHA-256
 * of the code, and `code_expires_at`). At most one `pending` claim per company
 * (`company_claims_pending_key`); an approved claim makes the person the company's owner and flips
 * its origin to `platform`.
 */
export const companyClaims = pgTable(
  "company_claims",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").$type<CompanyClaimMethod>().notNull(),
    status: text("status").$type<CompanyClaimStatus>().notNull().default("pending"),
    /** Who the person is at the company and how a moderator can check it (`moderation`). */
    statement: text("statement"),
    /** The address at the company's domain the code went to (`email`). */
    email: text("email"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamptz("code_expires_at"),
    codeAttempts: smallint("code_attempts").notNull().default(0),
    decidedBy: optionalRef("decided_by", () => users.id),
    decidedAt: timestamptz("decided_at"),
    /** The moderator's reason for a rejection. */
    note: text("note"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("company_claims_pending_key")
      .on(t.companyId)
      .where(sql`status = 'pending'`),
    index("company_claims_user_idx").on(t.userId, t.id),
    index("company_claims_review_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'pending' and method = 'moderation'`),
  ],
);

/**
 * History of the register facts (issue 30 §1): one row per taxpayer and file that changed its facts
 * (`changed`: `fields` holds `{ field: [before, after] }`), marked it `left` or brought it back
 * (`returned`). The run that first set a fact is on the entry (`*_run_id`) until a change moves it here.
 */
export const registerChanges = pgTable(
  "register_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    inn: text("inn").notNull(),
    runId: requiredRef("run_id", () => registerRuns.id),
    /** The run that had set the facts before this change. */
    previousRunId: optionalRef("previous_run_id", () => registerRuns.id),
    kind: text("kind").$type<"changed" | "left" | "returned">().notNull(),
    fields: jsonb("fields").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("register_changes_inn_idx").on(t.inn, t.id), index("register_changes_run_idx").on(t.runId)],
);

/* ─── Payment routes and their outcomes (issue 28 §3; ADR 049) ───────────────────────────────── */

/**
 * The Bank of Russia's register of credit organisations («Справочник по кредитным организациям»,
 * ../shared/data/companies/cbr_credit_organizations_*.csv; server/payment-routes/banks.ts imports it),
 * one row per registration number. `licence_status` is the register's status mapped to a code
 * (`active` Действующая, `revoked` Отозванная, `liquidation` Ликвидация, `annulled` Аннулированная,
 * `unknown` empty: a newly registered organisation); the register's own text is kept beside it.
 */
export const banks = pgTable(
  "banks",
  {
    /** The Bank of Russia registration number («рег. номер»), digits as printed. */
    regNumber: text("reg_number").primaryKey(),
    /** ОГРН (13 digits), when the register gives one. */
    ogrn: text("ogrn"),
    name: text("name").notNull(),
    /** Legal form as printed («ПАО», «ООО (Паевое)»). */
    opf: text("opf"),
    /** «Банк», «Расчетная НКО», «Платежная НКО»… */
    orgType: text("org_type"),
    registrationDate: date("registration_date"),
    licenceStatus: text("licence_status").$type<"active" | "revoked" | "liquidation" | "annulled" | "unknown">().notNull(),
    /** The register's status text («Действующая», …; empty when not stated). */
    licenceStatusText: text("licence_status_text").notNull().default(""),
    address: text("address"),
    /** The register file the row was last read from (its name carries the register's date). */
    sourceFile: text("source_file").notNull(),
    importedAt: timestamptz("imported_at").notNull().defaultNow(),
  },
  (t) => [index("banks_licence_idx").on(t.licenceStatus, t.name)],
);

/**
 * The payment routes a company accepts (contract/payment-routes.ts): RUB to its account at a Russian
 * bank of the register (`rub_account`), CNY/USD/EUR to a named bank (`bank_transfer`: a register
 * bank, or a foreign bank by name and SWIFT BIC), or through a named payment agent (`agent`). Fees
 * as the company states them. Never an account number (the contract refuses text that looks like one).
 */
export const paymentRoutes = pgTable(
  "payment_routes",
  {
    id: serial("id").primaryKey(),
    companyId: requiredRef("company_id", () => companies.id),
    kind: text("kind").$type<"rub_account" | "bank_transfer" | "agent">().notNull(),
    /** ISO 4217: RUB, CNY, USD or EUR. */
    currency: text("currency").notNull(),
    /** A bank of the Bank of Russia register; kept when the register drops it (restrict). */
    bankRegNumber: text("bank_reg_number").references(() => banks.regNumber, { onDelete: "restrict" }),
    foreignBankName: text("foreign_bank_name"),
    /** SWIFT BIC (ISO 9362), 8 or 11 characters, upper case. */
    swiftBic: text("swift_bic"),
    agentName: text("agent_name"),
    /** Typical fee as stated: percent of the amount and/or a fixed amount in `fee_currency`. */
    feePercent: numeric("fee_percent", { precision: 5, scale: 2 }),
    feeFixed: numeric("fee_fixed", { precision: 12, scale: 2 }),
    feeCurrency: text("fee_currency"),
    feeNote: text("fee_note"),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("payment_routes_company_idx").on(t.companyId, t.id)],
);

/**
 * What happened to one payment of an order's payment stage, recorded by the payer
 * (server/payment-routes/outcomes.ts `recordPaymentOutcome`). The route's channel (kind, currency,
 * bank or BIC, agent) is copied onto the row, so the platform's record stays whole when a route is
 * changed or deleted. Aggregated over 180 days only (ADR 049): no page shows a single row.
 */
export const paymentOutcomes = pgTable(
  "payment_outcomes",
  {
    id: serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id),
    /** The route used, while it exists (cleared when the payee deletes it; the channel below stays). */
    routeId: optionalRef("route_id", () => paymentRoutes.id),
    payerCompanyId: requiredRef("payer_company_id", () => companies.id),
    payeeCompanyId: requiredRef("payee_company_id", () => companies.id),
    stage: text("stage").$type<"prepayment" | "balance">().notNull(),
    outcome: text("outcome").$type<"credited" | "returned" | "frozen" | "partially_credited">().notNull(),
    /** Days from sending until credited or returned; null while frozen. */
    days: smallint("days"),
    /** The bank's reason as given (returned, frozen), in the payer's words. */
    bankReason: text("bank_reason"),
    feesAmount: numeric("fees_amount", { precision: 14, scale: 2 }),
    feesCurrency: text("fees_currency"),
    routeKind: text("route_kind").$type<"rub_account" | "bank_transfer" | "agent">().notNull(),
    currency: text("currency").notNull(),
    bankRegNumber: text("bank_reg_number"),
    swiftBic: text("swift_bic"),
    foreignBankName: text("foreign_bank_name"),
    agentName: text("agent_name"),
    recordedBy: optionalRef("recorded_by", () => users.id),
    recordedAt: timestamptz("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    index("payment_outcomes_route_idx").on(t.routeId, t.recordedAt),
    index("payment_outcomes_recorded_idx").on(t.recordedAt),
    index("payment_outcomes_order_idx").on(t.orderId),
  ],
);

/* ─── API keys (issue 29 §1; ADR 052) ───────────────────────────────────────────────────────── */

/**
 * API keys: a company's (`company_id` set, created by its owner or admin) or a person's own
 * (`company_id` null). The secret `pk_live_<public_id>_<random>` is shown once; only its SHA-256
 * (`secret_hash`, hex) is stored, found by `public_id` and compared in constant time
 * (server/api-keys/keys.ts). `scopes` are API_SCOPES of contract/api-keys.ts; `allowed_ips` CIDRs
 * (empty: any address); `rate_limit` requests a minute. `last_used_*` is written at most once a
 * minute per key. A revoked key keeps its row (the audit trail names it).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull(),
    secretHash: text("secret_hash").notNull(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** The person the key acts as: the creator (a company key's creator must still manage the company). */
    userId: requiredRef("user_id", () => users.id),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    allowedIps: text("allowed_ips")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rateLimit: integer("rate_limit").notNull().default(120),
    expiresAt: timestamptz("expires_at"),
    lastUsedAt: timestamptz("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: optionalRef("revoked_by", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_keys_public_id_key").on(t.publicId),
    index("api_keys_company_idx").on(t.companyId, t.createdAt.desc()),
    index("api_keys_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * The company's audit trail of API-key use (issue 29 §1): every write made with a key (method,
 * path, operation, answer status), and the keys' creation and revocation by a person. `company_id`
 * null for a person's own key; `api_key_name` is copied so a renamed or deleted key's entries stay
 * readable.
 */
export const companyAuditLog = pgTable(
  "company_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: optionalRef("user_id", () => users.id),
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    apiKeyName: text("api_key_name"),
    action: text("action").notNull(),
    method: text("method"),
    path: text("path"),
    operationId: text("operation_id"),
    status: smallint("status"),
    requestId: text("request_id"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("company_audit_log_company_idx").on(t.companyId, t.createdAt.desc()),
    index("company_audit_log_key_idx").on(t.apiKeyId, t.createdAt.desc()),
  ],
);

/* ─── Page views of supplier pages (issue 28 §4; ADR 051) ─────────────────────────────────────── */

/** What a counted page shows: a product, a supplier's card, its product list, a service offer. */
export const PAGE_VIEW_KINDS = ["product", "company", "company_products", "service"] as const;
export type PageViewKind = (typeof PAGE_VIEW_KINDS)[number];

/**
 * Raw page-view counts as the web processes flush them (server/page-views/recorder.ts): one row per
 * flush and (kind, entity, UTC day), `views` counted in memory since the last flush. Nothing about
 * the visitor is stored — no IP, user agent, cookie or time finer than the day. The aggregation job
 * sums them into `page_views_daily` and deletes rows older than PAGE_VIEW_RAW_KEEP_DAYS.
 */
export const pageViewHits = pgTable(
  "page_view_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<PageViewKind>().notNull(),
    entityId: integer("entity_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_view_hits_day_idx").on(t.day)],
);

/**
 * Page views per entity and UTC day (server/page-views/aggregate.ts), with the company the entity
 * belonged to when aggregated; kept PAGE_VIEW_DAILY_KEEP_DAYS. The supplier dashboard reads it by
 * company and day.
 */
export const pageViewsDaily = pgTable(
  "page_views_daily",
  {
    kind: text("kind").$type<PageViewKind>().notNull(),
    entityId: integer("entity_id").notNull(),
    companyId: requiredRef("company_id", () => companies.id),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.entityId, t.day] }), index("page_views_daily_company_idx").on(t.companyId, t.day)],
);

/* ─── orders (issue 28 §1–§2; contract/orders.ts, ADR 048) ──────────────────────────────────── */

export const ORDER_STATES = ["negotiating", "confirmed", "cancelled", "closed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_ORIGINS = ["quote", "conversation", "products"] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export type OrderSide = "buyer" | "supplier";

/**
 * An order between a buyer company and a supplier company. Its terms are in `order_versions`
 * (`current_version` is the newest's number); `state` says where the deal is; a pending request to
 * cancel by agreement is `cancel_requested_by` with `cancel_reason`.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    buyerCompanyId: requiredRef("buyer_company_id", () => companies.id),
    supplierCompanyId: requiredRef("supplier_company_id", () => companies.id),
    state: text("state").$type<OrderState>().notNull().default("negotiating"),
    origin: text("origin").$type<OrderOrigin>().notNull(),
    quoteId: optionalRef("quote_id", () => quotes.id),
    conversationId: optionalRef("conversation_id", () => conversations.id),
    createdByUserId: optionalRef("created_by_user_id", () => users.id),
    currentVersion: integer("current_version").notNull().default(1),
    /** The accepted version's number, once confirmed. */
    agreedVersion: integer("agreed_version"),
    /** Order total in the current version's currency (a copy for lists and filters). */
    total: numeric("total", { precision: 16, scale: 2 }).notNull().default("0"),
    currency: text("currency").$type<Currency>().notNull(),
    confirmedAt: timestamptz("confirmed_at"),
    /** The current stage of a confirmed order (the first not yet confirmed) and its due date: copies for lists, filters and the overdue job. */
    stage: text("stage"),
    stageDueDate: date("stage_due_date", { mode: "string" }),
    cancelRequestedBy: text("cancel_requested_by").$type<OrderSide>(),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamptz("cancelled_at"),
    closedAt: timestamptz("closed_at"),
    ...timestamps,
  },
  (t) => [
    index("orders_buyer_idx").on(t.buyerCompanyId, t.updatedAt.desc()),
    index("orders_supplier_idx").on(t.supplierCompanyId, t.updatedAt.desc()),
  ],
);

export const ORDER_VERSION_STATES = ["proposed", "accepted", "countered", "superseded"] as const;
export type OrderVersionState = (typeof ORDER_VERSION_STATES)[number];

/** Who consented to an accepted version: side, person, account e-mail and time (ISO). */
export interface OrderConsent {
  side: OrderSide;
  userId: number;
  name: string;
  email: string | null;
  at: string;
}

/**
 * One version of an order's terms: a frozen snapshot (contract/orders.ts OrderSnapshot: parties with
 * legal entities, lines, terms), who proposed it, and once accepted both sides' consents. A row is
 * never rewritten except its `state`, `consents` and `decided_at` when the other side answers.
 */
export const orderVersions = pgTable(
  "order_versions",
  {
    id: serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id),
    number: integer("number").notNull(),
    proposedBySide: text("proposed_by_side").$type<OrderSide>().notNull(),
    proposedByCompanyId: requiredRef("proposed_by_company_id", () => companies.id),
    proposedByUserId: optionalRef("proposed_by_user_id", () => users.id),
    proposedByName: text("proposed_by_name").notNull(),
    note: text("note"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<OrderVersionState>().notNull().default("proposed"),
    consents: jsonb("consents").$type<OrderConsent[]>().notNull().default([]),
    decidedAt: timestamptz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_versions_order_number_key").on(t.orderId, t.number)],
);

export const ORDER_STAGE_STATUSES = ["marked", "confirmed", "disputed"] as const;
export type OrderStageStatus = (typeof ORDER_STAGE_STATUSES)[number];

/**
 * A stage of a confirmed order (contract/orders.ts ORDER_STAGES) once its owner side marked it:
 * the data it carries (carrier, transport document, tracking, declaration number), who marked and
 * who confirmed or disputed it, and its due date from the terms.
 */
export const orderStages = pgTable(
  "order_stages",
  {
    id: serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id),
    stage: text("stage").notNull(),
    status: text("status").$type<OrderStageStatus>().notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    note: text("note"),
    disputeNote: text("dispute_note"),
    dueDate: date("due_date", { mode: "string" }),
    markedByUserId: optionalRef("marked_by_user_id", () => users.id),
    markedAt: timestamptz("marked_at"),
    answeredByUserId: optionalRef("answered_by_user_id", () => users.id),
    answeredAt: timestamptz("answered_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("order_stages_order_stage_key").on(t.orderId, t.stage)],
);

/**
 * A document of an order's stage (issue 28 §2; ADR 056): an invoice, packing list, certificate, photo,
 * inspection report or transport document (contract/orders.ts ORDER_DOCUMENT_KINDS), uploaded by
 * either side through the upload checks and served as a private file (ADR 040: the two companies'
 * active employees and staff). Keyed by the stage's name, not its row: a document may come before
 * the stage is marked (the invoice before "prepayment sent"). A file belongs to one document.
 */
export const orderDocuments = pgTable(
  "order_documents",
  {
    id: serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id),
    stage: text("stage").notNull(),
    kind: text("kind").notNull(),
    fileId: requiredRef("file_id", () => files.id),
    side: text("side").$type<OrderSide>().notNull(),
    uploadedByUserId: optionalRef("uploaded_by_user_id", () => users.id),
    /** The person's name as of uploading (kept if they leave). */
    uploadedByName: text("uploaded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_documents_order_idx").on(t.orderId, t.stage), uniqueIndex("order_documents_file_key").on(t.fileId)],
);

export const ORDER_DISPUTE_STATES = ["open", "resolved", "withdrawn"] as const;
export type OrderDisputeState = (typeof ORDER_DISPUTE_STATES)[number];

/** A proposed resolution of a dispute (contract/orders.ts DisputeProposal). */
export interface OrderDisputeProposal {
  kind: "partial_refund" | "replacement" | "discount" | "other";
  /** With a partial refund or a discount: the amount, in `currency` (the order's). */
  amount: string | null;
  currency: string | null;
  note: string | null;
}

/** How a dispute ended: the accepted proposal, who proposed and who accepted it, when. */
export interface OrderDisputeResolution extends OrderDisputeProposal {
  messageId: number;
  proposedBySide: OrderSide;
  acceptedBySide: OrderSide;
  acceptedByName: string;
  at: string;
}

/**
 * A problem reported on a stage of an order (issue 28 §2; ADR 056): a thread of messages between the
 * two sides (staff may step in), closed when one side accepts the other's proposed resolution (then
 * recorded in `resolution`) or withdrawn by the side that opened it.
 */
export const orderDisputes = pgTable(
  "order_disputes",
  {
    id: serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id),
    stage: text("stage").notNull(),
    state: text("state").$type<OrderDisputeState>().notNull().default("open"),
    openedBySide: text("opened_by_side").$type<OrderSide>().notNull(),
    openedByUserId: optionalRef("opened_by_user_id", () => users.id),
    resolution: jsonb("resolution").$type<OrderDisputeResolution>(),
    closedAt: timestamptz("closed_at"),
    ...timestamps,
  },
  (t) => [
    index("order_disputes_order_idx").on(t.orderId),
    index("order_disputes_state_idx").on(t.state, t.updatedAt.desc()),
    // One open dispute per stage of an order: two people reporting at once cannot open two.
    uniqueIndex("order_disputes_open_key")
      .on(t.orderId, t.stage)
      .where(sql`state = 'open'`),
  ],
);

/**
 * A message of a dispute: by one of the sides or by staff (`side` null), with evidence files (private,
 * ADR 040) and optionally a proposed resolution, which the other side accepts or rejects.
 */
export const orderDisputeMessages = pgTable(
  "order_dispute_messages",
  {
    id: serial("id").primaryKey(),
    disputeId: requiredRef("dispute_id", () => orderDisputes.id),
    side: text("side").$type<OrderSide>(),
    authorUserId: optionalRef("author_user_id", () => users.id),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    fileIds: jsonb("file_ids").$type<number[]>().notNull().default([]),
    proposal: jsonb("proposal").$type<OrderDisputeProposal>(),
    /** A proposal's answer: open → accepted | rejected; superseded by a newer proposal. */
    proposalState: text("proposal_state").$type<"open" | "accepted" | "rejected" | "superseded">(),
    answeredAt: timestamptz("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_dispute_messages_dispute_idx").on(t.disputeId, t.id),
    index("order_dispute_messages_files_idx").using("gin", t.fileIds.op("jsonb_path_ops")),
  ],
);

/**
 * Overdue reminders sent (server/orders/reminders.ts): one row per order and stage, written before the
 * e-mails — the row's insert is what makes the job idempotent (a second run finds it and sends nothing).
 */
export const orderReminders = pgTable(
  "order_reminders",
  {
    orderId: requiredRef("order_id", () => orders.id),
    stage: text("stage").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stage] })],
);

/* ─── The 1C exchange (issue 29 §2; ADR 054) ─────────────────────────────────────────────────── */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite answers a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const ONEC_EXCHANGE_TYPES = ["catalog", "sale"] as const;
export type OnecExchangeType = (typeof ONEC_EXCHANGE_TYPES)[number];

/**
 * An exchange session 1C opened with `checkauth` (server/onec/sessions.ts): the cookie value's
 * SHA-256 (`token_hash`; the value itself is answered once), the `sessid` 1C appends to later URLs,
 * the API key and its person and company, and when it expires. `query_at` (sale): when the last
 * `query` answered — `success` commits it as the company's orders watermark.
 */
export const onecSessions = pgTable(
  "onec_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    sessid: text("sessid").notNull(),
    type: text("type").$type<OnecExchangeType>().notNull(),
    companyId: requiredRef("company_id", () => companies.id),
    userId: requiredRef("user_id", () => users.id),
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    version: text("version"),
    queryAt: timestamptz("query_at"),
    queryOrderIds: integer("query_order_ids").array(),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [uniqueIndex("onec_sessions_token_key").on(t.tokenHash), index("onec_sessions_expires_idx").on(t.expiresAt)],
);

/** The bytes 1C posted with `mode=file`, one row per POST (1C cuts a big file into chunks; they are appended in `seq` order). */
export const onecFileChunks = pgTable(
  "onec_file_chunks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: requiredRef("session_id", () => onecSessions.id),
    name: text("name").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("onec_file_chunks_session_idx").on(t.sessionId, t.name, t.id)],
);

/**
 * One `mode=import` of one file in one session (the `onec-import` job): its state, what it did
 * (`report`: counts and warnings, shaped by server/onec/catalog.ts) or why it failed (`failure`: an
 * error code, `failure_details` its details). A catalogue import also has the price-list run its
 * products were written under (so "the products of this exchange" is the product list's run filter
 * and a whole exchange is submitted for moderation at once, ADR 047).
 */
export const onecImports = pgTable(
  "onec_imports",
  {
    id: serial("id").primaryKey(),
    sessionId: optionalRef("session_id", () => onecSessions.id),
    companyId: requiredRef("company_id", () => companies.id),
    type: text("type").$type<OnecExchangeType>().notNull(),
    fileName: text("file_name").notNull(),
    state: text("state").$type<OnecImportState>().notNull().default("queued"),
    priceListRunId: optionalRef("price_list_run_id", () => priceListRuns.id),
    report: jsonb("report").$type<Record<string, unknown>>().notNull().default({}),
    failure: text("failure"),
    failureDetails: jsonb("failure_details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    startedAt: timestamptz("started_at"),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    uniqueIndex("onec_imports_session_file_key").on(t.sessionId, t.fileName),
    index("onec_imports_company_idx").on(t.companyId, t.id.desc()),
  ],
);

/**
 * A company's product as 1C knows it: 1C's `Ид` (the product's GUID) → our product, so the next
 * exchange updates it instead of creating another. Stock (`quantity`, total; `stock`, per 1C
 * warehouse id) comes from the offers and is not a moderated field. `hidden_at`: the product was
 * missing from a full export and was taken off the catalogue (never deleted).
 */
/** One attached 1C picture of a product (`onec_products.pictures`). */
export interface OnecPicture {
  path: string;
  sha256: string;
  fileId: number;
}

export const onecProducts = pgTable(
  "onec_products",
  {
    companyId: requiredRef("company_id", () => companies.id),
    onecId: text("onec_id").notNull(),
    productId: requiredRef("product_id", () => products.id),
    /** Our unit (contract/units.ts) for 1C's БазоваяЕдиница: the prices from the offers are per this unit. */
    unit: text("unit"),
    quantity: numeric("quantity", { precision: 16, scale: 3 }),
    stock: jsonb("stock").$type<{ warehouseId: string; quantity: string }[]>(),
    /**
     * The product's pictures as 1C sent them (its «Картинка» paths, `import_files/…`): the SHA-256 of
     * the bytes 1C sent and the file attached for it (server/onec/pictures.ts), so the same picture
     * is not attached again on the next exchange and a changed one replaces its file.
     */
    pictures: jsonb("pictures").$type<OnecPicture[]>().notNull().default([]),
    hiddenAt: timestamptz("hidden_at"),
    seenAt: timestamptz("seen_at").notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.onecId] }), uniqueIndex("onec_products_product_key").on(t.productId)],
);

/**
 * A company's 1C exchange settings and what its 1C last said: the price type chosen as its
 * wholesale price (`price_type_id`, null: the only one, or the first), 1C groups mapped to our
 * categories (`group_categories`: group id → category id), the price types, groups and warehouses
 * 1C sent last (for the profile page), and `orders_sent_at`: orders changed up to this moment
 * have been confirmed by 1C's `success`.
 */
export const onecSettings = pgTable("onec_settings", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  priceTypeId: text("price_type_id"),
  groupCategories: jsonb("group_categories").$type<Record<string, number>>().notNull().default({}),
  priceTypes: jsonb("price_types").$type<{ id: string; name: string; currency: string }[]>().notNull().default([]),
  groups: jsonb("groups").$type<{ id: string; name: string; parentId: string | null }[]>().notNull().default([]),
  warehouses: jsonb("warehouses").$type<{ id: string; name: string }[]>().notNull().default([]),
  ordersSentAt: timestamptz("orders_sent_at"),
  ...timestamps,
});

/**
 * What 1C said of an order it took (`type=sale` files): its own number and date, deletion mark,
 * whether posted, payment and shipment numbers and dates, its status, all requisites as sent.
 * Recorded, not applied to the order's stages (ADR 054 says which could be and why not yet).
 */
export const onecOrders = pgTable("onec_orders", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  companyId: requiredRef("company_id", () => companies.id),
  number1c: text("number_1c"),
  date1c: text("date_1c"),
  deleted: boolean("deleted").notNull().default(false),
  posted: boolean("posted"),
  status: text("status"),
  requisites: jsonb("requisites").$type<Record<string, string>>().notNull().default({}),
  ...timestamps,
});

/* ─── shared product count groups (issue 31 §3; server/catalog/count-groups.ts, ADR 070) ─────── */

/**
 * The product count groups every server process reads (server/catalog/repository.ts
 * `productCountGroups`): published products of published companies per category, price currency,
 * supplier region, country, verified, TN VED chapter and MOQ unit, with their price and MOQ ranges as
 * numeric text. Replaced as a whole, in one transaction, by the `catalogue-counts` job.
 */
export const productCountGroups = pgTable("product_count_groups", {
  categoryId: integer("category_id"),
  currency: text("currency").$type<Currency>(),
  regionCode: text("region_code"),
  country: text("country").$type<"RU" | "CN">().notNull(),
  verified: boolean("verified").notNull(),
  chapter: text("chapter"),
  moqUnit: text("moq_unit"),
  n: integer("n").notNull(),
  minPrice: text("min_price"),
  maxPrice: text("max_price"),
  minMoq: text("min_moq"),
  maxMoq: text("max_moq"),
});

/** One row (id 1): when `product_count_groups` was last refreshed (the refresh's start) and last declared out of date. */
export const catalogueCountsRefresh = pgTable(
  "catalogue_counts_refresh",
  {
    id: smallint("id").primaryKey(),
    refreshedAt: timestamptz("refreshed_at"),
    invalidatedAt: timestamptz("invalidated_at"),
  },
  (t) => [check("catalogue_counts_refresh_one_row", sql`${t.id} = 1`)],
);

/* ─── OKVED count groups of the register's companies (issue 30; server/catalog/okved-groups.ts, ADR 074) ─── */

/**
 * The register's published companies (origin other than `platform`) counted per OKVED code — every code
 * that is one of a company's activities or above one (its prefixes of 2, 4, 5, 7 and 8 characters, the
 * rule of okvedSubtreePattern, ADR 073), each company once per code — and per supplier-list facet value
 * (region, country, verified, kind, origin, SME category, headcount band, revenue band). The totals and
 * facets of a supplier list filtered by an OKVED code are sums over one code's rows plus the platform's
 * own companies counted live. Replaced as a whole, in one transaction, at the end of a register import
 * and by the `register-okved-groups` job after a change (register_okved_groups_refresh).
 */
export const registerOkvedGroups = pgTable(
  "register_okved_groups",
  {
    okvedCode: text("okved_code").notNull(),
    regionCode: text("region_code"),
    country: text("country").$type<"RU" | "CN">().notNull(),
    verified: boolean("verified").notNull(),
    kind: text("kind").$type<"manufacturer" | "trader">(),
    origin: text("origin").$type<CompanyOrigin>().notNull(),
    smeCategory: smallint("sme_category"),
    headcountRange: text("headcount_range"),
    revenueBand: text("revenue_band"),
    n: integer("n").notNull(),
  },
  (t) => [index("register_okved_groups_code_idx").on(t.okvedCode)],
);

/**
 * Changes to the register's companies (ADR 074): every statement that changes a register company or
 * its activities takes the next value (triggers, migration 0038), so the groups are up to date while
 * the value their refresh saw is still the last one.
 */
export const registerOkvedGroupsChanges = pgSequence("register_okved_groups_changes");

/**
 * One row (id 1): when `register_okved_groups` was last refreshed (the time its pass began) and the
 * last value of register_okved_groups_changes it had seen (server/catalog/okved-groups.ts).
 */
export const registerOkvedGroupsRefresh = pgTable(
  "register_okved_groups_refresh",
  {
    id: smallint("id").primaryKey(),
    refreshedAt: timestamptz("refreshed_at"),
    refreshedChange: bigint("refreshed_change", { mode: "number" }),
  },
  (t) => [check("register_okved_groups_refresh_one_row", sql`${t.id} = 1`)],
);

/* ─── The register's search vocabulary (issue 30; server/catalog/register-lexemes.ts, ADR 075) ─── */

/**
 * Every lexeme that starts with a letter in the search vectors of the register's published companies
 * (origin other than `platform`), with how many companies have it. A word still being typed (`снаб:*`)
 * is searched among register companies as the exact lexemes it begins (`снабагр | снаблес | …`), which
 * GIN reads as ordered posting lists instead of one bitmap of every partial match. Refreshed with
 * `register_okved_groups`, in the same transaction, and trusted under the same rule (its refresh saw the
 * last change number); `lexeme` is `COLLATE "C"` (migration 0039), so a prefix is a range of the key.
 */
export const registerLexemes = pgTable("register_lexemes", {
  lexeme: text("lexeme").primaryKey(),
  documents: integer("documents").notNull(),
});
