/**
 * Products of the demo catalogue. Product N draws from its own random stream (seed, "product", N),
 * so it is the same for a seed however the products are batched.
 *
 * A product picks a supplier (weighted: a few suppliers list many products), one of the supplier's
 * subcategories, a real 10-digit TN VED code under the subcategory's headings, and is named from
 * the TN VED texts (names.ts) plus an optional grade or standard. Chinese names use the
 * subcategory's Chinese nouns. Prices come in 1–4 tiers (ascending quantity, descending price).
 */
import type { Currency, Lang, Localized, LocalizedFact, ProductStatus } from "#server/db/schema.ts";
import { regionByCode } from "../regions.ts";
import type { CompanyDraft } from "./companies.ts";
import { KEY, l } from "./data/dsl.ts";
import { productNameEn, productNameRu } from "./names.ts";
import { byLongestPrefix, type SubPlan } from "./plan.ts";
import { Rng, searchCumulative } from "./random.ts";
import type { TnvedReference } from "./reference.ts";
import { capitalize, fillL3, formatNumber, niceQuantity, pick, roundPrice } from "./text.ts";
import type { Grade, L3, Opt, Pricing } from "./types.ts";
import { UNITS } from "../units.ts";

export interface ProductDraft {
  companyId: number;
  categoryId: number;
  tnvedCode: string;
  name: Localized;
  description: Localized;
  sourceLang: Lang;
  status: ProductStatus;
  moq: number;
  moqUnit: string;
  originCountry: "RU" | "CN";
  facts: LocalizedFact[];
  priceFrom: number;
  priceCurrency: Currency;
  publishedAt: Date | null;
  createdAt: Date;
  prices: Array<{ minQuantity: number; price: number; currency: Currency; unit: string }>;
  variants: Array<{ name: L3; attributes: Record<string, string>; price: number; currency: Currency; position: number }>;
  imageFileIds: number[];
}

/** A goods supplier with its database id. */
export type SeededCompany = CompanyDraft & { id: number };

export interface ProductContext {
  seed: number;
  now: number;
  companies: SeededCompany[];
  tnved: TnvedReference;
  /** Running totals of the companies' weights. */
  cumulative: Float64Array;
  nameCache: Map<string, { ru: string; en: string | null }>;
  codeCache: Map<string, string[]>;
}

/** Exchange rates used to quote Chinese suppliers (RUB per unit of currency; order of magnitude). */
const RUB_PER: Record<Currency, number> = { RUB: 1, CNY: 12.3, USD: 90 };
const DAY = 86_400_000;

const FACT = {
  origin: l("Страна происхождения", "Country of origin", "原产地"),
  grade: l("Марка / стандарт", "Grade / standard", "牌号/标准"),
  leadTime: l("Срок отгрузки", "Lead time", "交货期"),
  range: l("Размерный ряд", "Range", "规格范围"),
};
const COUNTRY: Record<"RU" | "CN", L3> = { RU: l("Россия", "Russia", "俄罗斯"), CN: l("Китай", "China", "中国") };

export function productContext(seed: number, now: number, companies: SeededCompany[], tnved: TnvedReference): ProductContext {
  const goods = companies.filter((c) => c.weight > 0 && c.subs.length > 0);
  if (!goods.length) throw new Error("No goods suppliers to attach products to (too few companies?)");
  const cumulative = new Float64Array(goods.length);
  let total = 0;
  goods.forEach((c, i) => {
    total += c.weight;
    cumulative[i] = total;
  });
  return { seed, now, companies: goods, tnved, cumulative, nameCache: new Map(), codeCache: new Map() };
}

const CJK = /[\u3400-\u9fff]/;
const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * Memo of values computed from a hand-written list or table and a TN VED code (the grades that apply,
 * the longest-prefix entry): a catalogue has a few thousand codes per list, and 10,000,000 products
 * would compute each answer thousands of times (ADR 059 addendum). Keyed by the list object, which
 * lives as long as the category data.
 */
function memoByCode<K extends object, V>(compute: (key: K, code: string) => V): (key: K, code: string) => V {
  const memo = new WeakMap<K, Map<string, V>>();
  return (key, code) => {
    let byCode = memo.get(key);
    if (!byCode) memo.set(key, (byCode = new Map()));
    if (byCode.has(code)) return byCode.get(code)!;
    const value = compute(key, code);
    byCode.set(code, value);
    return value;
  };
}

const NO_GRADES: Grade[] = [];

/** The grades that apply to `code` («8501|АИР 100L4» only under 8501), without their prefixes. Memoized: don't modify the answer. */
function gradesFor(list: Grade[] | undefined, code: string): Grade[] {
  return list ? applicableGrades(list, code) : NO_GRADES;
}

const applicableGrades = memoByCode((list: Grade[], code: string): Grade[] => {
  const out: Grade[] = [];
  for (const grade of list) {
    if (typeof grade !== "string" || !grade.includes("|")) out.push(grade);
    else {
      const [prefix, value] = grade.split("|") as [string, string];
      if (code.startsWith(prefix)) out.push(value);
    }
  }
  return out;
});

/** `byLongestPrefix`, memoized per table and code. */
function longestPrefix<T>(table: Record<string, T> | undefined, code: string): T | undefined {
  return table ? (prefixMemo(table, code) as T | undefined) : undefined;
}

const prefixMemo = memoByCode((table: Record<string, unknown>, code: string) => byLongestPrefix(table, code));

/**
 * `text` in ru, en and zh for each key, computed once per key: the generator asks for the same few
 * values (MOQs, units) for every product.
 */
function perLanguage<K>(text: (key: K, lang: Lang) => string): (key: K) => L3 {
  const memo = new Map<K, L3>();
  return (key) => {
    let texts = memo.get(key);
    if (!texts) {
      texts = { ru: text(key, "ru"), en: text(key, "en"), zh: text(key, "zh") };
      memo.set(key, texts);
    }
    return texts;
  };
}

/** Numbers as each language writes them, for the few distinct MOQs (nice quantities, text.ts). */
const numberL3 = perLanguage<number>((value, lang) => formatNumber(value, lang));

/** Unit names per language, by unit id. */
const unitL3 = perLanguage<string>((unit, lang) => unitLabel(unit, lang));

/** A grade per language: a Chinese or Cyrillic string only in its own language. */
function gradeL3(grade: Grade): Partial<L3> {
  if (typeof grade !== "string") return grade;
  if (CJK.test(grade)) return { zh: grade };
  if (CYRILLIC.test(grade)) return { ru: grade };
  return { ru: grade, en: grade, zh: grade };
}

function namesFor(ctx: ProductContext, code: string, part: number): { ru: string; en: string | null } {
  const key = `${code}:${part}`;
  let names = ctx.nameCache.get(key);
  if (!names) {
    const heading = ctx.tnved.texts.get(code.slice(0, 4))!;
    const sub = ctx.tnved.texts.get(code.slice(0, 6));
    const item = ctx.tnved.texts.get(code)!;
    names = { ru: productNameRu(heading, sub, item, part), en: productNameEn(heading, sub) };
    ctx.nameCache.set(key, names);
  }
  return names;
}

/** The 10-digit codes a subcategory draws from under `heading` (narrowed by `only`). */
function codesFor(ctx: ProductContext, sub: SubPlan, heading: string): string[] {
  const key = `${sub.def.slug}:${heading}`;
  let codes = ctx.codeCache.get(key);
  if (!codes) {
    const all = ctx.tnved.items.get(heading)!;
    const only = sub.def.only?.filter((p) => p.startsWith(heading));
    const narrowed = only?.length ? all.filter((c) => only.some((p) => c.startsWith(p))) : all;
    codes = narrowed.length ? narrowed : all;
    ctx.codeCache.set(key, codes);
  }
  return codes;
}

function tierCount(rng: Rng): number {
  const r = rng.float();
  return r < 0.2 ? 1 : r < 0.55 ? 2 : r < 0.85 ? 3 : 4;
}

function unitLabel(unit: string, lang: Lang): string {
  return UNITS[unit as keyof typeof UNITS]?.[lang] ?? unit;
}

export function generateProduct(ctx: ProductContext, index: number): ProductDraft {
  const rng = new Rng(ctx.seed, "product", index);
  const total = ctx.cumulative[ctx.cumulative.length - 1]!;
  const company = ctx.companies[searchCumulative(ctx.cumulative, rng.float() * total)]!;
  const sub: SubPlan = rng.pick(company.subs);
  const heading = rng.pick(sub.def.headings);
  const code = rng.pick(codesFor(ctx, sub, heading));
  const names = namesFor(ctx, code, sub.def.headingPart?.[heading] ?? 0);
  const chinese = company.country === "CN";

  const grades = gradesFor(sub.def.grades?.[chinese ? "cn" : "ru"], code);
  const grade = grades.length && rng.chance(0.7) ? gradeL3(rng.pick(grades)) : null;
  const zhNoun = rng.pick(longestPrefix(sub.def.zh, code) ?? [sub.def.name.zh]);
  const full: L3 = {
    ru: grade?.ru ? `${names.ru}, ${grade.ru}` : names.ru,
    en: names.en ? (grade?.en ? `${names.en}, ${grade.en}` : names.en) : "",
    zh: grade?.zh ? `${zhNoun} ${grade.zh}` : zhNoun,
  };
  const langs: Lang[] = chinese ? ["zh"] : ["ru"];
  if (chinese && rng.chance(0.6)) langs.push("ru");
  if (names.en && rng.chance(0.5)) langs.push("en");

  // Quantities and prices.
  const pricing: Pricing = longestPrefix(sub.def.pricingBy, code) ?? sub.def.pricing;
  const currency: Currency = company.currency;
  const moq = niceQuantity(rng.logBetween(pricing.moq[0], pricing.moq[1]));
  const base = (rng.logBetween(pricing.price[0], pricing.price[1]) * (chinese ? 0.85 : 1)) / RUB_PER[currency];
  const prices: ProductDraft["prices"] = [];
  let quantity = moq;
  let price = roundPrice(base);
  for (let t = tierCount(rng); t > 0; t--) {
    prices.push({ minQuantity: quantity, price, currency, unit: pricing.unit });
    quantity = niceQuantity(quantity * rng.pick([3, 5, 10]));
    let next = roundPrice(price * (1 - rng.between(0.03, 0.09)));
    if (next >= price) next = Math.max(0.01, roundPrice(price * 0.9));
    if (next >= price) break;
    price = next;
  }
  const lowest = prices[prices.length - 1]!;

  // Variants.
  const variantDef = sub.def.variants?.find((v) => !v.codes || v.codes.some((p) => code.startsWith(p)));
  const variants: ProductDraft["variants"] = [];
  if (variantDef && rng.chance(0.75)) {
    const chosen: Opt[] = rng.sample(variantDef.opts, rng.int(2, Math.min(5, variantDef.opts.length)));
    chosen.forEach((opt, position) => {
      variants.push({
        name: { ru: opt.ru, en: opt.en, zh: opt.zh },
        attributes: opt.attrs ?? { [variantDef.key.en.toLowerCase().replace(/\W+/g, "_")]: opt.en },
        price: roundPrice(prices[0]!.price * (opt.k ?? 1) * rng.between(0.97, 1.03)),
        currency,
        position,
      });
    });
  }

  // Specs.
  const origin: "RU" | "CN" = chinese ? "CN" : company.kind === "trade" && rng.chance(0.4) ? "CN" : "RU";
  const region = regionByCode(company.regionCode);
  const originValue: L3 =
    origin === company.country && region
      ? {
          ru: `${COUNTRY[origin].ru}, ${region.name.ru.replace(/^Провинция /, "провинция ")}`,
          en: `${COUNTRY[origin].en}, ${region.name.en}`,
          zh: `${COUNTRY[origin].zh}${region.name.zh}`,
        }
      : COUNTRY[origin];
  const facts: LocalizedFact[] = [{ key: { ...FACT.origin }, value: originValue }];
  const optional: LocalizedFact[] = [];
  const gradeEverywhere = grade?.ru && grade.en && grade.zh ? (grade as L3) : null;
  if (gradeEverywhere) optional.push({ key: { ...FACT.grade }, value: { ...gradeEverywhere } });
  if (sub.def.materials) optional.push({ key: { ...KEY.material }, value: { ...rng.pick(sub.def.materials) } });
  if (variants.length > 1) {
    const first = variants[0]!.name;
    const last = variants[variants.length - 1]!.name;
    optional.push({
      key: { ...variantDef!.key },
      value: { ru: `${first.ru} … ${last.ru}`, en: `${first.en} … ${last.en}`, zh: `${first.zh}…${last.zh}` },
    });
  }
  optional.push({ key: { ...KEY.packing }, value: { ...rng.pick(sub.top.packing) } });
  const days = [rng.int(2, 10), 0];
  days[1] = days[0]! + rng.int(5, 25);
  optional.push({
    key: { ...FACT.leadTime },
    value: { ru: `${days[0]}–${days[1]} дней`, en: `${days[0]}–${days[1]} days`, zh: `${days[0]}–${days[1]}天` },
  });
  facts.push(...rng.sample(optional, rng.int(1, Math.min(4, optional.length))));

  // Description: the category's sentences in the product's languages.
  const vars: Record<string, L3 | string> = {
    name: full,
    moq: numberL3(moq),
    unit: unitL3(pricing.unit),
    city: company.cityL3,
    cert: sub.top.cert,
    grade: { ru: grade?.ru ?? "", en: grade?.en ?? "", zh: grade?.zh ?? "" },
  };
  const gradeInAll = langs.every((lang) => grade?.[lang]);
  const sentences = sub.top.sentences.filter(
    (s, i) => (i === 0 || rng.chance(0.6)) && (!s.ru.includes("{grade}") || (gradeInAll && grade)),
  );
  const filled = sentences.map((s) => fillL3(s, vars));
  // «от 5 шт..» — a unit abbreviation ends the sentence.
  const description: L3 = {
    ru: filled
      .map((s) => s.ru)
      .join(" ")
      .replace(/\.\./g, "."),
    en: filled.map((s) => s.en).join(" "),
    zh: filled.map((s) => s.zh).join(""),
  };

  const r = rng.float();
  const status: ProductStatus = r < 0.95 ? "published" : r < 0.975 ? "moderation" : "draft";
  const publishedAt = new Date(ctx.now - rng.int(0, 729) * DAY - rng.int(0, 86_399) * 1000);
  const createdAt = new Date(publishedAt.getTime() - rng.int(0, 10) * DAY);
  const pool = sub.imageFileIds;
  const start = rng.int(0, Math.max(0, pool.length - 1));
  const imageFileIds = Array.from({ length: Math.min(pool.length, rng.int(1, 3)) }, (_, k) => pool[(start + k) % pool.length]!);

  return {
    companyId: company.id,
    categoryId: sub.id,
    tnvedCode: code,
    name: pick({ ...full, ru: capitalize(full.ru) }, langs),
    description: pick(description, langs),
    sourceLang: chinese ? "zh" : "ru",
    status,
    moq,
    moqUnit: pricing.unit,
    originCountry: origin,
    facts,
    priceFrom: lowest.price,
    priceCurrency: lowest.currency,
    publishedAt: status === "published" ? publishedAt : null,
    createdAt,
    prices,
    variants,
    imageFileIds,
  };
}
