/**
 * What a moderator compares (issue 7): a company or a product as one self-contained DOCUMENT — every
 * field a visitor sees, with the names of referenced records (category, TN VED and OKVED codes,
 * region) in all three languages — and the field-by-field difference of two documents.
 *
 * - The "before" of a published product with pending changes is its stored (public) version; the
 *   "after" is that version with the pending parts laid over it (server/profile/products.ts).
 * - The "before" of a company or product under moderation is the document stored when a moderator
 *   last approved it (`published_snapshot`), or none for a first submission.
 * - A product's document carries the supplier's own translations of its name and description
 *   (`translations`; pending ones laid over like the other parts, ADR 046), shown in the diff as
 *   `nameTranslation.<lang>` and `descriptionTranslation.<lang>` for the languages that have one.
 *
 * Documents are plain JSON, so the approved one is kept as the next snapshot. Files are referred to
 * by id with their URLs; a file deleted since a snapshot shows as missing.
 */
import { LANGS } from "#contract/langs.ts";
import { asc, eq, inArray } from "drizzle-orm";
import {
  categories,
  companies,
  companyFiles,
  companyOkvedCodes,
  files,
  legalEntities,
  okvedCodes,
  products,
  regions,
  tnvedCodes,
  type Lang,
  type Localized,
  type LocalizedFact,
} from "../db/schema.ts";
import { mediaPath } from "../files/repository.ts";
import { UNITS } from "../catalog/units.ts";
import { manualTranslationsOf } from "#server/translation/store.ts";
import type { Queryable } from "../db/queries.ts";
import {
  pendingOf,
  productFormValues,
  storedFileListOf,
  storedPricesOf,
  storedVariantsOf,
  type PendingChanges,
} from "../profile/products.ts";
import type { CompanyDoc, DiffField, FileRef, Named, ProductDoc, RowStatus } from "#contract/admin/moderation.ts";

export type { CompanyDoc, DiffField, FileRef, Named, ProductDoc, RowStatus } from "#contract/admin/moderation.ts";

type FileRow = typeof files.$inferSelect;

function fileRef(row: FileRow | undefined, id: number, title: Localized = {}): FileRef {
  if (!row) return { id, url: null, thumbUrl: null, name: null, mime: null, title, missing: true };
  return {
    id,
    url: mediaPath(row.storageKey),
    thumbUrl: row.thumbKey ? mediaPath(row.thumbKey) : null,
    name: row.originalName,
    mime: row.mime,
    title,
  };
}

async function filesById(db: Queryable, ids: number[]): Promise<Map<number, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function categoryOf(db: Queryable, id: number | null | undefined) {
  if (!id) return null;
  const [row] = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? { id, name: {} };
}

async function tnvedOf(db: Queryable, code: string | null | undefined): Promise<Named | null> {
  if (!code) return null;
  const [row] = await db
    .select({ ru: tnvedCodes.nameRu, en: tnvedCodes.nameEn, zh: tnvedCodes.nameZh })
    .from(tnvedCodes)
    .where(eq(tnvedCodes.code, code))
    .limit(1);
  return { code, name: row ? compact({ ru: row.ru, en: row.en, zh: row.zh }) : {} };
}

function compact(value: { ru?: string | null; en?: string | null; zh?: string | null }): Localized {
  const out: Localized = {};
  for (const lang of ["ru", "en", "zh"] as const) if (value[lang]) out[lang] = value[lang]!;
  return out;
}

/**
 * The document of a product: its stored (public) version, or with `withPending` its pending parts
 * laid over it — what the public page will show once a moderator approves.
 */
export async function productDoc(db: Queryable, productId: number, withPending: boolean): Promise<ProductDoc | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) return null;
  const pending: PendingChanges = (withPending ? pendingOf(row) : null) ?? {};
  const card = pending.card ?? productFormValues(row);
  const prices = pending.prices ?? (await storedPricesOf(db, productId));
  const variants = pending.variants ?? (await storedVariantsOf(db, productId));
  const list = pending.files ?? (await storedFileListOf(db, productId));
  const byId = await filesById(
    db,
    list.map((f) => f.fileId),
  );
  const sorted = [...list].sort((a, b) => a.position - b.position);
  return {
    name: card.name,
    description: card.description ?? {},
    sourceLang: card.sourceLang,
    category: await categoryOf(db, card.categoryId),
    tnved: await tnvedOf(db, card.tnvedCode),
    moq: card.moq ?? null,
    moqUnit: card.moqUnit ?? null,
    originCountry: card.originCountry ?? null,
    facts: pending.facts ?? row.facts,
    prices,
    variants,
    images: sorted.filter((f) => f.kind === "image").map((f) => fileRef(byId.get(f.fileId), f.fileId, f.title)),
    documents: sorted.filter((f) => f.kind === "document").map((f) => fileRef(byId.get(f.fileId), f.fileId, f.title)),
    translations: pending.translations ?? (await manualTranslationsOf(db, "product", productId)),
  };
}

/** The document of a company as stored now. */
export async function companyDoc(db: Queryable, companyId: number): Promise<CompanyDoc | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) return null;
  const codes = await db
    .select({
      code: companyOkvedCodes.okvedCode,
      isMain: companyOkvedCodes.isMain,
      ru: okvedCodes.nameRu,
      en: okvedCodes.nameEn,
      zh: okvedCodes.nameZh,
    })
    .from(companyOkvedCodes)
    .innerJoin(okvedCodes, eq(okvedCodes.code, companyOkvedCodes.okvedCode))
    .where(eq(companyOkvedCodes.companyId, companyId))
    .orderBy(asc(companyOkvedCodes.okvedCode));
  const named = (c: (typeof codes)[number]): Named => ({ code: c.code, name: compact(c) });
  let okvedMain: Named | null = null;
  if (row.okvedMain) {
    const main = codes.find((c) => c.code === row.okvedMain);
    if (main) okvedMain = named(main);
    else {
      const [r] = await db
        .select({ code: okvedCodes.code, ru: okvedCodes.nameRu, en: okvedCodes.nameEn, zh: okvedCodes.nameZh })
        .from(okvedCodes)
        .where(eq(okvedCodes.code, row.okvedMain))
        .limit(1);
      okvedMain = r ? { code: r.code, name: compact(r) } : { code: row.okvedMain, name: {} };
    }
  }
  const region = row.regionCode
    ? ((await db.select({ code: regions.code, name: regions.name }).from(regions).where(eq(regions.code, row.regionCode)).limit(1))[0] ??
      null)
    : null;
  const attached = await db
    .select()
    .from(companyFiles)
    .where(eq(companyFiles.companyId, companyId))
    .orderBy(asc(companyFiles.position), asc(companyFiles.id));
  const byId = await filesById(db, [...attached.map((f) => f.fileId), ...(row.logoFileId ? [row.logoFileId] : [])]);
  const legal = await db.select().from(legalEntities).where(eq(legalEntities.companyId, companyId)).orderBy(asc(legalEntities.inn));
  return {
    name: row.name,
    description: row.description,
    sourceLang: row.sourceLang,
    country: row.country,
    region,
    city: row.city,
    address: row.address,
    website: row.website,
    phone: row.phone,
    email: row.email,
    yearFounded: row.yearFounded,
    headcountRange: row.headcountRange,
    okvedMain,
    okvedCodes: codes.filter((c) => !c.isMain).map(named),
    facts: row.facts,
    logo: row.logoFileId ? [fileRef(byId.get(row.logoFileId), row.logoFileId)] : [],
    files: attached.map((f) => fileRef(byId.get(f.fileId), f.fileId, f.title)),
    legalEntities: legal.map((l) => ({ kind: l.kind, inn: l.inn, kpp: l.kpp, ogrn: l.ogrn, nameFull: l.nameFull })),
  };
}

/** Marks snapshot files whose rows are gone (they cannot be shown any more). */
export async function refreshFileRefs<T extends ProductDoc | CompanyDoc>(db: Queryable, doc: T): Promise<T> {
  const groups = "images" in doc ? ["images", "documents"] : ["logo", "files"];
  const refs = groups.flatMap((g) => (doc as unknown as Record<string, FileRef[]>)[g] ?? []);
  const byId = await filesById(
    db,
    refs.map((r) => r.id),
  );
  const copy = { ...doc } as Record<string, unknown>;
  for (const g of groups)
    copy[g] = ((doc as unknown as Record<string, FileRef[]>)[g] ?? []).map((r) => fileRef(byId.get(r.id), r.id, r.title));
  return copy as T;
}

/* ─── the difference ───────────────────────────────────────────────────────────────────────── */

function pickName(value: Localized | null | undefined, lang: Lang): string {
  if (!value) return "";
  return value[lang] ?? value.ru ?? value.en ?? value.zh ?? "";
}

function namedText(value: Named | null, lang: Lang): string | null {
  if (!value) return null;
  const name = pickName(value.name, lang);
  return name ? `${value.code} — ${name}` : value.code;
}

function unit(id: string | null | undefined, lang: Lang): string {
  if (!id) return "";
  return (UNITS as Record<string, { ru: string; en: string; zh: string }>)[id]?.[lang] ?? id;
}

function allLangs(value: Localized | undefined): string {
  return LANGS.filter((l) => value?.[l])
    .map((l) => `${l}: ${value![l]}`)
    .join(" · ");
}

function factRow(fact: LocalizedFact): string {
  return LANGS.filter((l) => fact.key[l] || fact.value[l])
    .map((l) => `${l}: ${fact.key[l] ?? ""} — ${fact.value[l] ?? ""}`)
    .join(" · ");
}

const AMOUNT_LOCALES: Record<Lang, string> = { ru: "ru-RU", en: "en-US", zh: "zh-CN" };
const amountFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * A decimal amount as the moderator reads it: "11,90" (ru) / "11.90" (en, zh), two to four decimals.
 * Stored prices come back as "11.9" and a pending change keeps what was typed ("11.90"): formatting
 * both the same way keeps an unchanged price from showing as changed.
 */
function amount(value: string | number, lang: Lang): string {
  let format = amountFormats.get(lang);
  if (!format)
    amountFormats.set(lang, (format = new Intl.NumberFormat(AMOUNT_LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 4 })));
  const number = Number(value);
  return Number.isFinite(number) ? format.format(number) : String(value);
}

function tierRow(tier: ProductDoc["prices"][number], lang: Lang): string {
  return `≥ ${tier.minQuantity} ${unit(tier.unit, lang)}: ${amount(tier.price, lang)} ${tier.currency}`;
}

function variantRow(variant: ProductDoc["variants"][number], lang: Lang): string {
  const attrs = variant.attributes.map((a) => `${a.key}=${a.value}`).join(", ");
  const price = variant.price ? ` · ${amount(variant.price, lang)} ${variant.currency ?? ""}`.trimEnd() : "";
  return `${allLangs(variant.name)}${attrs ? ` (${attrs})` : ""}${price}`;
}

/** A text field's row of a diff: changed when the trimmed texts differ (empty is null). Also used by the order versions' diff (server/orders/views.ts). */
export function textField(field: string, before: string | null | undefined, after: string | null | undefined, lang?: Lang): DiffField {
  const b = before?.trim() ? before : null;
  const a = after?.trim() ? after : null;
  return { field, kind: "text", changed: b !== a, before: b, after: a, ...(lang ? { lang } : {}) };
}

/** Rows of two lists marked removed (only before), added (only after) or same; order kept. */
export function listField(field: string, before: string[], after: string[]): DiffField {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const b = before.map((text) => ({ text, status: (inAfter.has(text) ? "same" : "removed") as RowStatus }));
  const a = after.map((text) => ({ text, status: (inBefore.has(text) ? "same" : "added") as RowStatus }));
  const changed = before.length !== after.length || before.some((text, i) => text !== after[i]);
  return { field, kind: "list", changed, before: b, after: a };
}

function filesField(field: string, before: FileRef[], after: FileRef[], images: boolean): DiffField {
  const key = (f: FileRef) => `${f.id}|${JSON.stringify(f.title ?? {})}`;
  const afterIds = new Set(after.map((f) => f.id));
  const beforeIds = new Set(before.map((f) => f.id));
  const changed = before.map(key).join(",") !== after.map(key).join(",");
  return {
    field,
    kind: "files",
    images,
    changed,
    before: before.map((f) => ({ ...f, status: afterIds.has(f.id) ? "same" : "removed" })),
    after: after.map((f) => ({ ...f, status: beforeIds.has(f.id) ? "same" : "added" })),
  };
}

function localizedFields(field: string, before: Localized | undefined, after: Localized | undefined): DiffField[] {
  return LANGS.map((lang) => textField(`${field}.${lang}`, before?.[lang], after?.[lang], lang));
}

/** The supplier's translations of a text field, one row per language either side has (none: no rows). */
function translationFields(field: string, before: Localized | undefined, after: Localized | undefined): DiffField[] {
  return LANGS.filter((lang) => before?.[lang]?.trim() || after?.[lang]?.trim()).map((lang) =>
    textField(`${field}.${lang}`, before?.[lang], after?.[lang], lang),
  );
}

/**
 * Field-by-field difference of two product documents; `before` null means a first submission
 * (everything is new). Reference names are given in `lang`.
 */
export function diffProduct(before: ProductDoc | null, after: ProductDoc, lang: Lang): DiffField[] {
  const b = before;
  return [
    ...localizedFields("name", b?.name, after.name),
    ...localizedFields("description", b?.description, after.description),
    textField("sourceLang", b?.sourceLang, after.sourceLang),
    textField(
      "category",
      b?.category ? `${b.category.id} — ${pickName(b.category.name, lang)}` : null,
      after.category ? `${after.category.id} — ${pickName(after.category.name, lang)}` : null,
    ),
    textField("tnved", namedText(b?.tnved ?? null, lang), namedText(after.tnved, lang)),
    textField("moq", b?.moq ? `${b.moq} ${unit(b.moqUnit, lang)}` : null, after.moq ? `${after.moq} ${unit(after.moqUnit, lang)}` : null),
    textField("originCountry", b?.originCountry, after.originCountry),
    listField(
      "prices",
      (b?.prices ?? []).map((t) => tierRow(t, lang)),
      after.prices.map((t) => tierRow(t, lang)),
    ),
    listField("facts", (b?.facts ?? []).map(factRow), after.facts.map(factRow)),
    listField(
      "variants",
      (b?.variants ?? []).map((v) => variantRow(v, lang)),
      after.variants.map((v) => variantRow(v, lang)),
    ),
    filesField("images", b?.images ?? [], after.images, true),
    filesField("documents", b?.documents ?? [], after.documents, false),
    ...translationFields("nameTranslation", b?.translations?.name, after.translations?.name),
    ...translationFields("descriptionTranslation", b?.translations?.description, after.translations?.description),
  ];
}

/** Field-by-field difference of two company documents (see diffProduct). */
export function diffCompany(before: CompanyDoc | null, after: CompanyDoc, lang: Lang): DiffField[] {
  const b = before;
  const legalRow = (l: CompanyDoc["legalEntities"][number]) =>
    [`INN ${l.inn}`, l.kpp ? `KPP ${l.kpp}` : "", l.ogrn ? `${l.kind === "individual" ? "OGRNIP" : "OGRN"} ${l.ogrn}` : "", l.nameFull]
      .filter(Boolean)
      .join(" · ");
  return [
    ...localizedFields("name", b?.name, after.name),
    ...localizedFields("description", b?.description, after.description),
    textField("sourceLang", b?.sourceLang, after.sourceLang),
    textField("country", b?.country, after.country),
    textField(
      "region",
      b?.region ? pickName(b.region.name, lang) || b.region.code : null,
      after.region ? pickName(after.region.name, lang) || after.region.code : null,
    ),
    ...localizedFields("city", b?.city, after.city),
    ...localizedFields("address", b?.address, after.address),
    textField("website", b?.website, after.website),
    textField("phone", b?.phone, after.phone),
    textField("email", b?.email, after.email),
    textField(
      "yearFounded",
      b?.yearFounded == null ? null : String(b.yearFounded),
      after.yearFounded == null ? null : String(after.yearFounded),
    ),
    textField("headcountRange", b?.headcountRange, after.headcountRange),
    textField("okvedMain", namedText(b?.okvedMain ?? null, lang), namedText(after.okvedMain, lang)),
    listField(
      "okvedCodes",
      (b?.okvedCodes ?? []).map((c) => namedText(c, lang)!),
      after.okvedCodes.map((c) => namedText(c, lang)!),
    ),
    listField("legalEntities", (b?.legalEntities ?? []).map(legalRow), after.legalEntities.map(legalRow)),
    listField("facts", (b?.facts ?? []).map(factRow), after.facts.map(factRow)),
    filesField("logo", b?.logo ?? [], after.logo, true),
    filesField("files", b?.files ?? [], after.files, false),
  ];
}
