/**
 * Stored translations of supplier content (table `content_translations`, ADR 031).
 *
 * - The source of a field is the supplier's text in the entity's `source_lang`; a target language
 *   the supplier filled in himself is never machine-translated.
 * - `source_hash` (SHA-256 hex of the source text) decides staleness: a machine translation whose
 *   hash differs from the current source is made again by `translateEntity` and is not shown.
 * - A `manual` row is the supplier's own translation: the machine never overwrites it; it is shown
 *   even after the source changed (the supplier is told it may be outdated on the edit page).
 * - Only published texts are machine-translated (ADR 046): a draft's, a product's under review and
 *   a published product's pending edits never reach the paid provider; the job translates them
 *   once a moderator approves. Each call to the provider is first paid for from the budgets of
 *   server/translation/budget.ts (`TranslationBudget`); past one, the job waits.
 * - A published product's manual translations being reviewed are not rows: they wait in the
 *   product's `pending_changes.translations` (server/profile/products.ts) and become rows on
 *   approval (`writeManualTranslations`).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Queryable } from "#server/db/queries.ts";
import { LANGS } from "#contract/langs.ts";
import {
  companies,
  contentTranslations,
  products,
  TRANSLATION_FIELDS,
  type Lang,
  type Localized,
  type TranslationField,
  type TranslationKind,
} from "../db/schema.ts";
import type { Translator } from "./provider.ts";
import { DomainError, notFound } from "../errors.ts";
import type { LocalizedText } from "#contract/lang-schemas.ts";
import type { ContentTranslation, TranslationEntry } from "#contract/translation.ts";

/** SHA-256 (hex) of a source text after trimming: the staleness key. */
export function sourceHash(text: string): string {
  return createHash("sha256").update(text.trim()).digest("hex");
}

/** The supplier's own translations of an entity: per field, the text by target language. */
export type ManualTranslations = Record<TranslationField, Localized>;

export interface TranslationSource {
  sourceLang: Lang;
  fields: Record<TranslationField, Localized>;
  /** The company whose budget pays for its machine translation (a company's own id). */
  companyId: number;
  /** Visitors read these texts (the entity is published): only then are they machine-translated. */
  published: boolean;
  /** A published product's manual translations awaiting a moderator (`pending_changes.translations`), else null. */
  pending: ManualTranslations | null;
}

/** The published texts of a product or company (the visitor-facing columns), or null when gone. */
export async function loadSource(db: Queryable, kind: TranslationKind, id: number): Promise<TranslationSource | null> {
  if (kind === "product") {
    const [row] = await db
      .select({
        name: products.name,
        description: products.description,
        sourceLang: products.sourceLang,
        companyId: products.companyId,
        status: products.status,
        pendingChanges: products.pendingChanges,
      })
      .from(products)
      .where(eq(products.id, id));
    if (!row) return null;
    const pending = (row.pendingChanges as { translations?: ManualTranslations } | null)?.translations ?? null;
    return {
      sourceLang: row.sourceLang,
      fields: { name: row.name, description: row.description },
      companyId: row.companyId,
      published: row.status === "published",
      pending,
    };
  }
  const [row] = await db
    .select({ name: companies.name, description: companies.description, sourceLang: companies.sourceLang, status: companies.status })
    .from(companies)
    .where(eq(companies.id, id));
  if (!row) return null;
  return {
    sourceLang: row.sourceLang,
    fields: { name: row.name, description: row.description },
    companyId: id,
    published: row.status === "published",
    pending: null,
  };
}

/** The source text of `field` (the supplier's text in the source language), or null when empty. */
function sourceText(source: TranslationSource, field: TranslationField): string | null {
  return source.fields[field][source.sourceLang]?.trim() || null;
}

async function rowsOf(db: Queryable, kind: TranslationKind, id: number, lang?: Lang) {
  return db
    .select()
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.entityKind, kind),
        eq(contentTranslations.entityId, id),
        lang ? eq(contentTranslations.targetLang, lang) : undefined,
      ),
    );
}

/**
 * Pays for machine translation before the provider is called (server/translation/budget.ts):
 * `spend` answers null when `chars` characters of `companyId` may be sent now, else the seconds
 * to wait.
 */
export interface TranslationBudget {
  spend(companyId: number, chars: number): Promise<number | null>;
}

/** What `translateEntity` did: texts translated, and the seconds to wait when a budget stopped it (else null). */
export interface TranslationOutcome {
  made: number;
  waitS: number | null;
}

/**
 * Makes the missing and stale machine translations of one PUBLISHED entity with `translator` and
 * stores them. Manual rows and languages the supplier wrote are left alone; an entity visitors do
 * not read (a draft, a product under review, a blocked one) is not translated at all. Each
 * language's texts are paid for from `budget` first: when it refuses, the languages not done yet
 * are left for later (`waitS`). Throws the provider's `TranslationError` (the job is retried).
 */
export async function translateEntity(
  db: Db,
  translator: Translator,
  kind: TranslationKind,
  id: number,
  budget?: TranslationBudget,
): Promise<TranslationOutcome> {
  const source = await loadSource(db, kind, id);
  if (!source) {
    // The entity is gone: its translations go with it.
    await db.delete(contentTranslations).where(and(eq(contentTranslations.entityKind, kind), eq(contentTranslations.entityId, id)));
    return { made: 0, waitS: null };
  }
  if (!source.published) return { made: 0, waitS: null };
  const existing = new Map((await rowsOf(db, kind, id)).map((r) => [`${r.field}:${r.targetLang}`, r]));
  let made = 0;
  for (const target of LANGS) {
    if (target === source.sourceLang) continue;
    const todo: { field: TranslationField; text: string; hash: string }[] = [];
    for (const field of TRANSLATION_FIELDS) {
      const text = sourceText(source, field);
      if (!text || source.fields[field][target]?.trim()) continue;
      const hash = sourceHash(text);
      const row = existing.get(`${field}:${target}`);
      if (row && (row.origin === "manual" || (row.sourceHash === hash && row.sourceLang === source.sourceLang))) continue;
      todo.push({ field, text, hash });
    }
    if (todo.length === 0) continue;
    const waitS = budget
      ? await budget.spend(
          source.companyId,
          todo.reduce((sum, t) => sum + t.text.length, 0),
        )
      : null;
    if (waitS !== null) return { made, waitS };
    const translated = await translator.translate(
      todo.map((t) => t.text),
      source.sourceLang,
      target,
    );
    for (const [i, item] of todo.entries()) {
      const values = {
        entityKind: kind,
        entityId: id,
        field: item.field,
        sourceLang: source.sourceLang,
        targetLang: target,
        sourceHash: item.hash,
        text: translated[i]!.trim(),
        origin: "machine" as const,
        provider: translator.name,
      };
      // `where origin = 'machine'`: a manual translation saved meanwhile wins over this one.
      await db
        .insert(contentTranslations)
        .values(values)
        .onConflictDoUpdate({
          target: [contentTranslations.entityKind, contentTranslations.entityId, contentTranslations.field, contentTranslations.targetLang],
          set: {
            sourceLang: values.sourceLang,
            sourceHash: values.sourceHash,
            text: values.text,
            provider: values.provider,
            updatedAt: new Date(),
          },
          setWhere: sql`${contentTranslations.origin} = 'machine'`,
        });
      made += 1;
    }
  }
  return { made, waitS: null };
}

/**
 * Shows a detail's fields in the reader's language from stored translations: a field whose text is
 * not in `lang` is replaced by a manual translation, or by a machine one made from the current
 * source text. Returns the replaced fields and, per field, where it came from (`translations`).
 */
export async function applyTranslations<T extends TranslatableDetail>(
  db: Db,
  kind: TranslationKind,
  id: number,
  lang: Lang,
  detail: T,
): Promise<T & { translations: ContentTranslation[] }> {
  if (inLang(detail, lang)) return { ...detail, translations: [] };
  return applyTranslationRows(lang, detail, await rowsOf(db, kind, id, lang));
}

/** A detail (product or company) whose name and description `applyTranslations` may replace. */
export type TranslatableDetail = { name: LocalizedText; description: LocalizedText | null; sourceLang: Lang };

/** A stored translation of one field of an entity into the reader's language, as `applyTranslationRows` reads it. */
export type DetailTranslationRow = Pick<typeof contentTranslations.$inferSelect, "field" | "sourceLang" | "sourceHash" | "text" | "origin">;

/** True when every text of `detail` is already in `lang` (nothing to translate). */
const inLang = (detail: TranslatableDetail, lang: Lang) =>
  detail.name.lang === lang && (detail.description === null || detail.description.lang === lang);

/**
 * The rule of `applyTranslations` applied to the entity's translations into `lang` already read
 * (`rows`: at most one per field, e.g. from the detail's own statement — see
 * `detailTranslationsSql`). Pure; returns a new object with `translations` in field order.
 */
export function applyTranslationRows<T extends TranslatableDetail>(
  lang: Lang,
  detail: T,
  rows: readonly DetailTranslationRow[],
): T & { translations: ContentTranslation[] } {
  const translations: ContentTranslation[] = [];
  if (inLang(detail, lang)) return { ...detail, translations };
  const out = { ...detail };
  for (const row of rows) {
    const original = out[row.field];
    if (!original || original.lang === lang) continue;
    const fresh = original.lang === row.sourceLang && sourceHash(original.text) === row.sourceHash;
    if (row.origin === "machine" && !fresh) continue;
    out[row.field] = { text: row.text, lang };
    translations.push({ field: row.field, origin: row.origin, original });
  }
  translations.sort((a, b) => TRANSLATION_FIELDS.indexOf(a.field) - TRANSLATION_FIELDS.indexOf(b.field));
  return { ...out, translations };
}

/**
 * Every translation of an entity for its edit page, with `stale` when made from an older source.
 * A published product's manual translations awaiting a moderator are shown in their place (the
 * working copy, as the product's other parts), marked `pending`.
 */
export async function listTranslations(db: Queryable, kind: TranslationKind, id: number): Promise<TranslationEntry[]> {
  const source = await loadSource(db, kind, id);
  if (!source) return [];
  const rows = new Map((await rowsOf(db, kind, id)).map((r) => [`${r.field}:${r.targetLang}`, r]));
  const entries: TranslationEntry[] = [];
  for (const field of TRANSLATION_FIELDS) {
    const text = sourceText(source, field);
    if (!text) continue;
    for (const lang of LANGS) {
      if (lang === source.sourceLang || source.fields[field][lang]?.trim()) continue;
      const row = rows.get(`${field}:${lang}`);
      const stored = { text: row?.text ?? null, origin: row?.origin ?? null, stale: row ? row.sourceHash !== sourceHash(text) : false };
      const pending = source.pending ? source.pending[field]?.[lang]?.trim() || null : undefined;
      const changed = pending !== undefined && !(row?.origin === "manual" ? row.text === pending : pending === null);
      entries.push({
        field,
        lang,
        sourceLang: source.sourceLang,
        ...(changed ? { text: pending, origin: pending === null ? null : ("manual" as const), stale: false } : stored),
        pending: changed,
      });
    }
  }
  return entries;
}

/** The entity's stored manual translations (what visitors read), by field and language. */
export async function manualTranslationsOf(db: Queryable, kind: TranslationKind, id: number): Promise<ManualTranslations> {
  const out: ManualTranslations = { name: {}, description: {} };
  for (const row of await rowsOf(db, kind, id)) if (row.origin === "manual") out[row.field][row.targetLang] = row.text;
  return out;
}

/** True when two sets of manual translations hold the same texts (empty ones ignored). */
export function sameTranslations(a: ManualTranslations, b: ManualTranslations): boolean {
  return TRANSLATION_FIELDS.every((field) =>
    LANGS.every((lang) => (a[field]?.[lang]?.trim() || null) === (b[field]?.[lang]?.trim() || null)),
  );
}

/**
 * Refuses a manual translation the entity does not need: 404 `not_found` when it is gone, 409
 * `translation_not_needed` for the source language or a language the supplier wrote the field in.
 * Returns the source.
 */
export async function assertTranslationNeeded(
  db: Queryable,
  kind: TranslationKind,
  id: number,
  input: { field: TranslationField; lang: Lang },
): Promise<TranslationSource> {
  const source = await loadSource(db, kind, id);
  if (!source) throw notFound(kind === "product" ? "Product" : "Company");
  if (!needed(source, input.field, input.lang)) {
    throw new DomainError("translation_not_needed", `The ${input.field} is written in ${input.lang} by the supplier`);
  }
  return source;
}

/** Whether `field` may be translated into `lang`: neither the source language nor one the supplier wrote it in. */
function needed(source: TranslationSource, field: TranslationField, lang: Lang): boolean {
  return lang !== source.sourceLang && !source.fields[field][lang]?.trim();
}

/** Where the row of one field and target language of an entity is. */
function rowKey(kind: TranslationKind, id: number, field: TranslationField, lang: Lang): SQL {
  return and(
    eq(contentTranslations.entityKind, kind),
    eq(contentTranslations.entityId, id),
    eq(contentTranslations.field, field),
    eq(contentTranslations.targetLang, lang),
  )!;
}

/** Stores `text` as the manual translation of `field` into `lang` (replacing a machine one). */
async function upsertManual(
  db: Queryable,
  kind: TranslationKind,
  id: number,
  source: TranslationSource,
  field: TranslationField,
  lang: Lang,
  text: string,
) {
  const values = {
    entityKind: kind,
    entityId: id,
    field,
    sourceLang: source.sourceLang,
    targetLang: lang,
    sourceHash: sourceHash(sourceText(source, field) ?? ""),
    text,
    origin: "manual" as const,
    provider: null,
  };
  await db
    .insert(contentTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [contentTranslations.entityKind, contentTranslations.entityId, contentTranslations.field, contentTranslations.targetLang],
      set: { sourceLang: values.sourceLang, sourceHash: values.sourceHash, text, origin: "manual", provider: null, updatedAt: new Date() },
    });
}

/**
 * Removes the supplier's own translation of `field` into `lang` (a machine one is left as it is);
 * returns whether there was one. The machine may translate the field again afterwards.
 */
export async function removeManualTranslation(
  db: Queryable,
  kind: TranslationKind,
  id: number,
  field: TranslationField,
  lang: Lang,
): Promise<boolean> {
  const removed = await db
    .delete(contentTranslations)
    .where(and(rowKey(kind, id, field, lang), eq(contentTranslations.origin, "manual")))
    .returning({ field: contentTranslations.field });
  return removed.length > 0;
}

/**
 * Saves the supplier's own translation of `field` into `lang` (origin `manual`) for visitors at
 * once, or with an empty `text` removes it so the machine may translate the field again. For a
 * company's card and a product not published (a published product's go through its pending
 * changes, server/profile/products.ts). Errors: see `assertTranslationNeeded`.
 */
export async function setManualTranslation(
  db: Queryable,
  kind: TranslationKind,
  id: number,
  input: { field: TranslationField; lang: Lang; text: string },
): Promise<void> {
  const source = await assertTranslationNeeded(db, kind, id, input);
  const text = input.text.trim();
  if (!text) await removeManualTranslation(db, kind, id, input.field, input.lang);
  else await upsertManual(db, kind, id, source, input.field, input.lang, text);
}

/**
 * Makes `wanted` the entity's stored manual translations (a moderator approved them): the missing
 * ones are written, the others removed. A translation no longer needed (the approved card now has
 * the field in that language or in it as its source) is dropped.
 */
export async function writeManualTranslations(db: Queryable, kind: TranslationKind, id: number, wanted: ManualTranslations): Promise<void> {
  const source = await loadSource(db, kind, id);
  if (!source) return;
  const stored = await manualTranslationsOf(db, kind, id);
  for (const field of TRANSLATION_FIELDS) {
    for (const lang of LANGS) {
      const text = wanted[field]?.[lang]?.trim();
      if (text && needed(source, field, lang)) {
        if (stored[field][lang] !== text) await upsertManual(db, kind, id, source, field, lang, text);
      } else if (stored[field][lang] !== undefined) await removeManualTranslation(db, kind, id, field, lang);
    }
  }
}

/** A list card's name (and its supplier's, on a product card), as the catalogue's lists return them. */
interface NamedCard {
  id: number;
  name: LocalizedText;
}

/** A stored name translation as the card lists read it (a row of content_translations, field "name"). */
export type CardNameTranslation = Pick<
  typeof contentTranslations.$inferSelect,
  "entityKind" | "entityId" | "sourceLang" | "sourceHash" | "text" | "origin"
>;

/**
 * Shows list cards' names in the reader's language (issue 15 §4: the lists, not only the detail
 * pages): a name not written in `lang` is replaced by the supplier's manual translation or by a
 * fresh machine one (the rule of `applyTranslations`), marked with `machineFrom` (its source
 * language) so the card can say so. `products` may carry their `company` card, translated too;
 * `companies` are supplier cards. One query for the whole list; returns new arrays, the inputs are
 * left as they are.
 */
export async function translateCardNames<P extends NamedCard & { company?: NamedCard }, C extends NamedCard>(
  db: Db,
  lang: Lang,
  products: P[],
  companies: C[] = [],
): Promise<{ products: P[]; companies: C[] }> {
  const productIds = products.filter((p) => p.name.lang !== lang).map((p) => p.id);
  const companyIds = [...products.flatMap((p) => (p.company ? [p.company] : [])), ...companies]
    .filter((c) => c.name.lang !== lang)
    .map((c) => c.id);
  if (productIds.length === 0 && companyIds.length === 0) return { products, companies };
  const scope = (kind: TranslationKind, ids: number[]) =>
    ids.length ? and(eq(contentTranslations.entityKind, kind), inArray(contentTranslations.entityId, [...new Set(ids)])) : undefined;
  const rows = await db
    .select()
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.field, "name"),
        eq(contentTranslations.targetLang, lang),
        or(scope("product", productIds), scope("company", companyIds)),
      ),
    );
  return nameCardsIn(lang, rows, products, companies);
}

/**
 * The rule of `translateCardNames` applied to name translations already read (`rows`, e.g. by
 * `cardNameTranslationsSql` in the list's own query). Pure; returns new arrays.
 */
export function nameCardsIn<P extends NamedCard & { company?: NamedCard }, C extends NamedCard>(
  lang: Lang,
  rows: readonly CardNameTranslation[],
  products: P[],
  companies: C[] = [],
): { products: P[]; companies: C[] } {
  if (rows.length === 0) return { products, companies };
  const byKey = new Map(rows.map((r) => [`${r.entityKind}:${r.entityId}`, r]));
  const named = <T extends NamedCard>(kind: TranslationKind, card: T): T => {
    const row = byKey.get(`${kind}:${card.id}`);
    const original = card.name;
    if (!row || original.lang === lang) return card;
    if (row.origin === "machine" && !(original.lang === row.sourceLang && sourceHash(original.text) === row.sourceHash)) return card;
    return { ...card, name: { text: row.text, lang, ...(row.origin === "machine" ? { machineFrom: row.sourceLang } : {}) } };
  };
  return {
    products: products.map((p) => {
      const card = named("product", p);
      return p.company ? { ...card, company: named("company", p.company) } : card;
    }),
    companies: companies.map((c) => named("company", c)),
  };
}

/**
 * SQL of one select-list expression: the name translations into `lang` of the product card in the
 * row (product alias `p`, its supplier `c`) as a JSON array of CardNameTranslation. A list that
 * selects it needs no second query for `nameCardsIn` (two probes of the translations' unique index
 * per card, inside the list's own round trip).
 */
export function cardNameTranslationsSql(lang: Lang | Placeholder): SQL {
  return sql`(select coalesce(json_agg(json_build_object('entityKind', t.entity_kind, 'entityId', t.entity_id,
      'sourceLang', t.source_lang, 'sourceHash', t.source_hash, 'text', t.text, 'origin', t.origin)), '[]'::json)
    from content_translations t
    where t.field = 'name' and t.target_lang = ${lang}
      and ((t.entity_kind = 'product' and t.entity_id = p.id) or (t.entity_kind = 'company' and t.entity_id = c.id)))`;
}

/**
 * SQL of one select-list expression: the stored translations into `lang` of the entity of `kind`
 * whose id is `idColumn`, as a JSON array of DetailTranslationRow — what `applyTranslationRows`
 * reads, inside the detail's own statement instead of a second round trip (ADR 069). One probe of
 * the translations' primary key (entity kind, id, field, target language) per field.
 */
export function detailTranslationsSql(kind: TranslationKind, idColumn: SQL, lang: Lang | Placeholder): SQL {
  return sql`(select coalesce(json_agg(json_build_object('field', t.field, 'sourceLang', t.source_lang,
      'sourceHash', t.source_hash, 'text', t.text, 'origin', t.origin)), '[]'::json)
    from content_translations t
    where t.entity_kind = ${kind} and t.entity_id = ${idColumn} and t.target_lang = ${lang})`;
}

/** `translateCardNames` of product cards (with their suppliers' names). */
export async function translateProductCards<P extends NamedCard & { company?: NamedCard }>(
  db: Db,
  lang: Lang,
  products: P[],
): Promise<P[]> {
  return (await translateCardNames(db, lang, products)).products;
}

/** `translateCardNames` of supplier cards. */
export async function translateCompanyCards<C extends NamedCard>(db: Db, lang: Lang, companies: C[]): Promise<C[]> {
  return (await translateCardNames<NamedCard, C>(db, lang, [], companies)).companies;
}
