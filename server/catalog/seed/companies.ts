/**
 * Companies of the demo catalogue: ~70% Russian (~40% of them real legal entities from the FNS SME
 * register, the rest generated with checksum-valid INN/KPP/OGRN), ~30% Chinese. Each company is
 * generated from its own random stream, so company N is the same for a seed whatever the total.
 */
import type { Currency, Lang, Localized, LocalizedFact, CompanyStatus } from "#server/db/schema.ts";
import { innCheckDigits, ogrnCheckDigit } from "../identifiers.ts";
import { HEADCOUNT_RANGES } from "#contract/profile/fields.ts";
import { CHINESE_REGIONS, regionByCode, RUSSIAN_REGIONS, type RegionInfo } from "../regions.ts";
import {
  CERTIFICATES,
  CN_BRANDS,
  CN_FORMS,
  CN_PLACES,
  CN_ROADS,
  COMPANY_FACTS,
  COMPANY_TEXT,
  EXPORT_MARKETS,
  PAYMENT,
  RU_LEGAL_FORMS,
  RU_NAME_PREFIX,
  RU_NAME_PREFIX_ANY,
  RU_NAME_SUFFIX,
  RU_PEOPLE,
  RU_REGION_WEIGHTS,
  RU_STREETS,
  SHIPPING,
  VERIFICATION_EVIDENCE,
  VERIFICATION_EVIDENCE_CN,
  type CnPlace,
} from "./data/companies.ts";
import { l } from "./data/dsl.ts";
import { CROSSINGS, PORTS, SERVICE_TYPES, type ServiceTypeDef } from "./data/services.ts";
import type { SubPlan } from "./plan.ts";
import { Rng } from "./random.ts";
import type { RealEntity } from "./reference.ts";
import { capitalize, fillL3, formatNumber, lowerFirst, pick, slugify, translit } from "./text.ts";
import type { L3 } from "./types.ts";

export type CompanyKind = "make" | "trade" | "service";

export interface LegalEntityDraft {
  kind: "legal" | "individual";
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  nameFull: string;
  nameShort: string;
  address: string;
}

export interface ServiceOfferDraft {
  type: ServiceTypeDef;
  description: Localized;
  priceFrom: number;
  currency: Currency;
  priceUnit: L3;
  status: "published" | "draft";
}

export interface CompanyDraft {
  index: number;
  country: "RU" | "CN";
  kind: CompanyKind;
  real: boolean;
  sourceLang: Lang;
  name: Localized;
  description: Localized;
  status: CompanyStatus;
  regionCode: string;
  city: Localized;
  /** The city in all three languages (product descriptions may be written in any of them). */
  cityL3: L3;
  address: Localized;
  latitude: number;
  longitude: number;
  website: string;
  /** Null for real legal entities: the register gives no phone, and an invented one could be someone's. */
  phone: string | null;
  email: string;
  /** Null for real legal entities (the SME register gives no registration date). */
  yearFounded: number | null;
  headcountRange: string;
  okvedMain: string;
  okvedExtra: string[];
  facts: LocalizedFact[];
  verificationLevel: number;
  verificationEvidence: Localized | null;
  verifiedAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  legal: LegalEntityDraft | null;
  /** Goods the company lists (empty for pure service providers). */
  subs: SubPlan[];
  services: ServiceOfferDraft[];
  /** Relative share of the products. */
  weight: number;
  currency: Currency;
  /** Letter shown on the logo. */
  initial: string;
  /** Languages its texts are written in (source first). */
  langs: Lang[];
}

const DAY = 86_400_000;

/** Region codes of section C (manufacturing) in OKVED2: divisions 10–33. */
function isManufacturing(code: string): boolean {
  const division = Number(code.slice(0, 2));
  return division >= 10 && division <= 33;
}

function codeMatches(companyCode: string, listed: string): boolean {
  return (
    companyCode === listed || companyCode.startsWith(`${listed}.`) || (companyCode.length >= 5 && listed.startsWith(`${companyCode}.`))
  );
}

const GENERAL_TRADE = ["46.90", "46.19", "46.18", "46.18.9"];

interface Candidate {
  entity: RealEntity;
  kind: CompanyKind;
  subs: SubPlan[];
  services: ServiceTypeDef[];
  priority: number;
}

/** Sorts real entities into goods and service candidates by their OKVED codes (see the module comment). */
export function classifyRealEntities(
  entities: RealEntity[],
  subs: SubPlan[],
  okvedCodes: Set<string>,
  rng: Rng,
): { goods: Candidate[]; services: Candidate[] } {
  const goods: Candidate[] = [];
  const services: Candidate[] = [];
  const subsFor = (codes: string[]) =>
    subs.filter((s) => codes.some((c) => [...s.def.okved.make, ...s.def.okved.trade].some((o) => codeMatches(c, o))));
  const servicesFor = (codes: string[]) => SERVICE_TYPES.filter((t) => codes.some((c) => t.okved.some((o) => codeMatches(c, o))));
  for (const entity of entities) {
    if (!okvedCodes.has(entity.okvedMain)) continue;
    const main = [entity.okvedMain];
    const extra = entity.okvedExtra.filter((c) => okvedCodes.has(c));
    const kind: CompanyKind = isManufacturing(entity.okvedMain) ? "make" : "trade";
    let subsMain = subsFor(main);
    if (!subsMain.length && GENERAL_TRADE.includes(entity.okvedMain)) subsMain = rng.sample(subs, 3);
    if (subsMain.length) {
      goods.push({ entity, kind, subs: subsMain, services: [], priority: 0 });
      continue;
    }
    const servicesMain = servicesFor(main);
    if (servicesMain.length) {
      services.push({ entity, kind: "service", subs: [], services: servicesMain, priority: 0 });
      continue;
    }
    const subsExtra = subsFor(extra);
    if (subsExtra.length) {
      goods.push({ entity, kind, subs: subsExtra.slice(0, 4), services: [], priority: 1 });
      continue;
    }
    const servicesExtra = servicesFor(extra);
    if (servicesExtra.length) services.push({ entity, kind: "service", subs: [], services: servicesExtra, priority: 1 });
  }
  const order = (list: Candidate[]) => {
    const keyed = list.map((c) => ({ c, r: rng.float() }));
    keyed.sort((a, b) => a.c.priority - b.c.priority || a.r - b.r);
    return keyed.map((k) => k.c);
  };
  return { goods: order(goods), services: order(services) };
}

const ABBREVIATIONS = new Set([
  "ООО",
  "ОАО",
  "ЗАО",
  "ПАО",
  "АО",
  "СПК",
  "НПО",
  "НПП",
  "НПФ",
  "ПКФ",
  "ЖБИ",
  "РСУ",
  "СМУ",
  "ПМК",
  "АТП",
  "ТЭК",
  "ЖКХ",
  "УК",
  "ГК",
  "ТД",
  "СК",
  "ТК",
  "ЯНАО",
  "ДПО",
  "МК",
  "ПО",
]);
const VOWELS = /[АЕЁИОУЫЭЮЯ]/;

function titleWord(word: string): string {
  return word
    .split("-")
    .map((part) => (ABBREVIATIONS.has(part) || !VOWELS.test(part) || /\d/.test(part) ? part : part.charAt(0) + part.slice(1).toLowerCase()))
    .join("-");
}

/** «ООО "УРАЛ ПОЛЯРНЫЙ"» → «ООО «Урал Полярный»». */
export function prettyCompanyName(raw: string): { form: string; brand: string } {
  let text = raw
    .replace(/^ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ/, "ООО")
    .replace(/^СЕЛЬСКОХОЗЯЙСТВЕННЫЙ ПРОИЗВОДСТВЕННЫЙ КООПЕРАТИВ/, "СПК")
    .replace(/^АКЦИОНЕРНОЕ ОБЩЕСТВО/, "АО")
    .trim();
  text = text.replace(/"(\S)/, ' "$1').replace(/\s+/g, " ");
  const m = /^(.*?)\s*"(.+?)"?\s*$/.exec(text);
  const form = m ? m[1]!.trim() : text.split(" ")[0]!;
  const inner = m ? m[2]!.replace(/"/g, "") : text.split(" ").slice(1).join(" ");
  const brand = inner.split(" ").map(titleWord).join(" ");
  return {
    form: form
      .split(" ")
      .map((w) => (ABBREVIATIONS.has(w) || !VOWELS.test(w) ? w : titleWord(w)))
      .join(" "),
    brand,
  };
}

function prettyPlace(raw: string): string {
  return raw
    .split(" ")
    .map((w) =>
      w
        .split("-")
        .map((p, i) => (i > 0 && ["НА", "НАД", "ПОД"].includes(p) ? p.toLowerCase() : p.charAt(0) + p.slice(1).toLowerCase()))
        .join("-"),
    )
    .join(" ");
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** A checksum-valid 10-digit INN of a legal entity registered in `region`. */
export function makeInn10(rng: Rng, region: string): string {
  const body = `${region}${pad(rng.int(1, 48), 2)}${pad(rng.int(0, 99_999), 5)}`;
  return body + innCheckDigits(body);
}

/** A checksum-valid 12-digit INN of an individual. */
export function makeInn12(rng: Rng, region: string): string {
  const body = `${region}${pad(rng.int(1, 48), 2)}${pad(rng.int(0, 999_999), 6)}`;
  return body + innCheckDigits(body);
}

/** OGRN (legal) or OGRNIP (individual) with a valid check digit; registration year ≥ 2002. */
export function makeOgrn(rng: Rng, kind: "legal" | "individual", year: number, region: string, inspection: string): string {
  const yy = pad(Math.max(year, 2002) % 100, 2);
  const body =
    kind === "legal" ? `1${yy}${region}${inspection}${pad(rng.int(0, 99_999), 5)}` : `3${yy}${region}${pad(rng.int(0, 999_999_999), 9)}`;
  return body + ogrnCheckDigit(body);
}

function weightedRegion(rng: Rng): RegionInfo {
  return rng.weighted(RUSSIAN_REGIONS, (r) => RU_REGION_WEIGHTS[r.code] ?? 0.6);
}

function jitter(rng: Rng, spread: number): number {
  return (rng.float() - 0.5) * 2 * spread;
}

function l3Join(items: L3[], lang: Lang): string {
  return items.map((i) => (lang === "zh" ? i.zh : lowerFirst(i[lang]))).join(lang === "zh" ? "、" : ", ");
}

function goodsPhrase(subs: SubPlan[], services: ServiceTypeDef[]): L3 {
  const items = subs.length ? subs.map((s) => s.def.name) : services.map((s) => s.name);
  return { ru: l3Join(items, "ru"), en: l3Join(items, "en"), zh: l3Join(items, "zh") };
}

function status(rng: Rng): CompanyStatus {
  const r = rng.float();
  return r < 0.94 ? "published" : r < 0.97 ? "moderation" : "draft";
}

function verification(
  rng: Rng,
  country: "RU" | "CN",
  now: number,
): Pick<CompanyDraft, "verificationLevel" | "verificationEvidence" | "verifiedAt"> {
  const r = rng.float();
  const level = r < 0.6 ? 0 : r < 0.9 ? 1 : 2;
  if (level === 0) return { verificationLevel: 0, verificationEvidence: null, verifiedAt: null };
  const evidence = (country === "RU" ? VERIFICATION_EVIDENCE : VERIFICATION_EVIDENCE_CN)[level as 1 | 2];
  return { verificationLevel: level, verificationEvidence: { ...evidence }, verifiedAt: new Date(now - rng.int(5, 500) * DAY) };
}

function areaFact(key: L3, value: number): LocalizedFact {
  return {
    key: { ...key },
    value: { ru: `${formatNumber(value, "ru")} м²`, en: `${formatNumber(value, "en")} m²`, zh: `${formatNumber(value, "zh")}平方米` },
  };
}

function companyFacts(rng: Rng, kind: CompanyKind, country: "RU" | "CN"): LocalizedFact[] {
  const facts: LocalizedFact[] = [];
  if (kind === "make") facts.push(areaFact(COMPANY_FACTS.area, rng.int(8, 400) * 250));
  if (kind === "trade" || rng.chance(0.4)) facts.push(areaFact(COMPANY_FACTS.warehouse, rng.int(4, 200) * 100));
  if (kind === "make" && rng.chance(0.7)) {
    const certs = rng.sample(CERTIFICATES, rng.int(1, 2)).join(", ");
    facts.push({ key: { ...COMPANY_FACTS.certificates }, value: { ru: certs, en: certs, zh: certs } });
  }
  if (rng.chance(0.6)) {
    const home = country === "RU" ? "Russia" : "China";
    const markets = rng.sample(
      EXPORT_MARKETS.filter((m) => m.en !== home),
      rng.int(2, 3),
    );
    facts.push({
      key: { ...COMPANY_FACTS.exports },
      value: { ru: markets.map((m) => m.ru).join(", "), en: markets.map((m) => m.en).join(", "), zh: l3Join(markets, "zh") },
    });
  }
  const shipping = rng.sample(SHIPPING, 2);
  facts.push({
    key: { ...COMPANY_FACTS.shipping },
    value: { ru: l3Join(shipping, "ru"), en: shipping.map((s) => s.en).join(", "), zh: l3Join(shipping, "zh") },
  });
  if (facts.length < 4 && rng.chance(0.5)) facts.push({ key: { ...COMPANY_FACTS.payment }, value: { ...rng.pick(PAYMENT) } });
  return facts.slice(0, 4);
}

/** 1–4 extra OKVED codes besides `main`, drawn from `pool`, all existing. */
function extraCodes(rng: Rng, main: string, pool: string[], okvedCodes: Set<string>): string[] {
  const unique = [...new Set(pool)].filter((c) => c !== main && okvedCodes.has(c));
  return rng.sample(unique, rng.int(1, Math.min(4, Math.max(1, unique.length))));
}

function serviceOffers(rng: Rng, company: { country: "RU" | "CN"; langs: Lang[]; city: L3 }, types: ServiceTypeDef[]): ServiceOfferDraft[] {
  return types.map((type) => {
    const currency: Currency =
      company.country === "RU"
        ? type.price.RUB
          ? "RUB"
          : type.price.USD
            ? "USD"
            : "CNY"
        : type.price.CNY
          ? "CNY"
          : type.price.USD
            ? "USD"
            : "RUB";
    const [lo, hi] = type.price[currency]!;
    const raw = rng.logBetween(lo, hi);
    const priceFrom = raw >= 1000 ? Math.round(raw / 100) * 100 : Math.round(raw / 10) * 10;
    const count = rng.int(1, Math.min(2, type.offers.length));
    const sentences = rng.sample(type.offers, count);
    const vars = { city: company.city, crossing: rng.pick(CROSSINGS), port: rng.pick(PORTS) };
    const text = sentences.map((s) => fillL3(s, vars));
    const description: L3 = {
      ru: text.map((t) => t.ru).join(" "),
      en: text.map((t) => t.en).join(" "),
      zh: text.map((t) => t.zh).join(""),
    };
    return {
      type,
      description: pick(description, company.langs),
      priceFrom,
      currency,
      priceUnit: { ...type.unit },
      status: rng.chance(0.95) ? "published" : "draft",
    };
  });
}

const SERVICE_NAME_STEMS: Record<string, string[]> = {
  logistics: ["Логистик", "Транс", "Экспедиция", "Терминал"],
  customs: ["Брокер", "Декларант"],
  certification: ["Эксперт", "Стандарт"],
  translation: ["Лингва", "Перевод"],
  inspection: ["Контроль", "Инспект"],
  "trade-agent": ["ВЭД", "Импорт"],
  warehousing: ["Склад", "Терминал"],
  legal: ["Консалт", "Право"],
};

export interface CompanyContext {
  seed: number;
  subs: SubPlan[];
  okvedCodes: Set<string>;
  now: number;
  goodsCandidates: Candidate[];
  serviceCandidates: Candidate[];
  usedInns: Set<string>;
  usedNames: Set<string>;
  usedDomains: Set<string>;
}

/** Which company is Chinese, real or a pure service provider is fixed by its index. */
export function companyShape(index: number): { country: "RU" | "CN"; service: boolean; realSlot: boolean } {
  // Three in every ten are Chinese: indices ending in 0, 3 and 6.
  const CN = [0, 3, 6];
  const rest = index % 10;
  const country = CN.includes(rest) ? "CN" : "RU";
  // Position among the companies of the same country.
  const cnBefore = Math.floor(index / 10) * 3 + CN.filter((d) => d < rest).length;
  const position = country === "CN" ? cnBefore : index - cnBefore;
  const service = country === "RU" ? position % 12 === 5 : position % 16 === 7;
  const realSlot = country === "RU" && (position % 5 === 1 || position % 5 === 3);
  return { country, service, realSlot };
}

function uniqueDomain(ctx: CompanyContext, base: string): string {
  let domain = base || "company";
  for (let n = 2; ctx.usedDomains.has(domain); n++) domain = `${base}-${n}`;
  ctx.usedDomains.add(domain);
  return domain;
}

function phoneRu(rng: Rng): string {
  return `+7 9${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 999), 3)}-${pad(rng.int(0, 99), 2)}-${pad(rng.int(0, 99), 2)}`;
}

function phoneCn(rng: Rng): string {
  return `+86 1${rng.pick(["33", "35", "38", "39", "52", "58", "86", "89"])} ${pad(rng.int(0, 9999), 4)} ${pad(rng.int(0, 9999), 4)}`;
}

function pickSubs(rng: Rng, subs: SubPlan[], kind: CompanyKind): SubPlan[] {
  const primary = rng.pick(subs);
  const sameTop = subs.filter((s) => s.top === primary.top && s !== primary);
  if (kind === "make") return [primary, ...rng.sample(sameTop, rng.int(0, Math.min(2, sameTop.length)))];
  const others = rng.chance(0.3)
    ? rng.sample(
        subs.filter((s) => s.top !== primary.top),
        1,
      )
    : [];
  return [primary, ...rng.sample(sameTop, rng.int(0, Math.min(2, sameTop.length))), ...others];
}

export function generateCompany(ctx: CompanyContext, index: number): CompanyDraft {
  const rng = new Rng(ctx.seed, "company", index);
  const shape = companyShape(index);
  return shape.country === "RU" ? russianCompany(ctx, rng, index, shape) : chineseCompany(ctx, rng, index, shape.service);
}

function russianCompany(ctx: CompanyContext, rng: Rng, index: number, shape: { service: boolean; realSlot: boolean }): CompanyDraft {
  const lists = shape.service ? [ctx.serviceCandidates, ctx.goodsCandidates] : [ctx.goodsCandidates, ctx.serviceCandidates];
  const candidate = shape.realSlot ? lists.find((list) => list.length > 0)?.shift() : undefined;
  const kind: CompanyKind = candidate?.kind ?? (shape.service ? "service" : rng.chance(0.55) ? "make" : "trade");
  let subs: SubPlan[] = [];
  let services: ServiceTypeDef[] = [];
  if (kind === "service")
    services = candidate?.services.length
      ? candidate.services.slice(0, 3)
      : [rng.pick(SERVICE_TYPES), ...rng.sample(SERVICE_TYPES, rng.int(0, 1))];
  else subs = candidate?.subs.length ? candidate.subs.slice(0, 4) : pickSubs(rng, ctx.subs, kind);
  services = [...new Set(services)];

  const yearFounded = candidate ? (candidate.entity.newlyCreated ? rng.int(2016, 2018) : rng.int(1996, 2017)) : rng.int(1993, 2021);
  let region: RegionInfo;
  let legal: LegalEntityDraft;
  let name: { ru: string; en: string };
  let initial: string;
  let cityRu: string;
  let domainBase: string;
  let okvedMain: string;
  let okvedExtra: string[];

  if (candidate) {
    const e = candidate.entity;
    region = regionByCode(e.regionCode) ?? weightedRegion(rng);
    const pretty = prettyCompanyName(e.nameShort);
    const display = pretty.brand ? `${pretty.form} «${pretty.brand}»` : pretty.form;
    const formEn: Record<string, string> = { ООО: "LLC", АО: "JSC", ЗАО: "CJSC", ОАО: "OJSC", ПАО: "PJSC" };
    name = { ru: display, en: `${translit(pretty.brand || pretty.form)} ${formEn[pretty.form] ?? translit(pretty.form)}` };
    initial = (pretty.brand || pretty.form).charAt(0).toUpperCase();
    cityRu = e.city ? prettyPlace(e.city) : region.capital.name.ru;
    domainBase = slugify(pretty.brand || e.inn, 30);
    legal = { kind: "legal", inn: e.inn, kpp: null, ogrn: null, nameFull: e.nameFull, nameShort: e.nameShort, address: e.address };
    okvedMain = e.okvedMain;
    okvedExtra = [...new Set(e.okvedExtra.filter((c) => ctx.okvedCodes.has(c) && c !== okvedMain))];
  } else {
    const homes = kind === "make" ? subs[0]?.def.ruRegions : undefined;
    region = homes && rng.chance(0.65) ? regionByCode(rng.pick(homes))! : weightedRegion(rng);
    cityRu = region.capital.name.ru;
    const form = rng.weighted(RU_LEGAL_FORMS, (f) => f.weight);
    const individual = form.short === "ИП";
    let brand = "";
    if (individual) {
      const person = `${rng.pick(RU_PEOPLE.surnames)} ${rng.pick(RU_PEOPLE.names)} ${rng.pick(RU_PEOPLE.patronymics)}`;
      const [surname, first, middle] = person.split(" ") as [string, string, string];
      name = {
        ru: `ИП ${surname} ${first[0]}. ${middle[0]}.`,
        en: `Sole proprietor ${translit(surname)} ${translit(first[0]!)}. ${translit(middle[0]!)}.`,
      };
      initial = surname.charAt(0);
      domainBase = slugify(`${surname}-${translit(first)}`, 30);
      const inn = uniqueInn(ctx, () => makeInn12(rng, region.code));
      legal = {
        kind: "individual",
        inn,
        kpp: null,
        ogrn: makeOgrn(rng, "individual", yearFounded, region.code, inn.slice(2, 4)),
        nameFull: `Индивидуальный предприниматель ${person}`,
        nameShort: name.ru,
        address: "",
      };
    } else {
      brand = russianBrand(ctx, rng, region.code, kind, subs, services);
      name = { ru: `${form.short} «${brand}»`, en: `${translit(brand)} ${form.en}` };
      initial = brand.charAt(0);
      domainBase = slugify(brand, 30);
      const inn = uniqueInn(ctx, () => makeInn10(rng, region.code));
      legal = {
        kind: "legal",
        inn,
        kpp: `${inn.slice(0, 4)}01001`,
        ogrn: makeOgrn(rng, "legal", yearFounded, region.code, inn.slice(2, 4)),
        nameFull: `${form.full} «${brand}»`,
        nameShort: name.ru,
        address: "",
      };
    }
    if (kind === "service") {
      okvedMain = services[0]!.okved[0]!;
      okvedExtra = extraCodes(rng, okvedMain, [...services.flatMap((s) => s.okved), "52.29", "46.90", "82.99"], ctx.okvedCodes);
    } else if (kind === "make") {
      okvedMain = subs[0]!.def.okved.make[0]!;
      okvedExtra = extraCodes(
        rng,
        okvedMain,
        [...subs.flatMap((s) => [...s.def.okved.make, s.def.okved.trade[0]!]), "52.10"],
        ctx.okvedCodes,
      );
    } else {
      okvedMain = subs[0]!.def.okved.trade[0]!;
      okvedExtra = extraCodes(rng, okvedMain, [...subs.flatMap((s) => s.def.okved.trade), "46.90", "52.10", "49.41"], ctx.okvedCodes);
    }
  }

  const city: L3 =
    cityRu === region.capital.name.ru ? { ...region.capital.name } : { ru: cityRu, en: translit(cityRu), zh: region.capital.name.zh };
  const street = rng.pick(RU_STREETS);
  const house = rng.int(1, 180);
  const building = rng.chance(0.3) ? `, стр. ${rng.int(1, 9)}` : "";
  // A real entity keeps the locality from the register; generated ones get a street address.
  const address: Localized = candidate
    ? { ru: `${region.name.ru}, г. ${city.ru}`, en: `${city.en}, ${region.name.en}` }
    : { ru: `г. ${city.ru}, ул. ${street}, д. ${house}${building}`, en: `${house} ${translit(street)} St., ${city.en}` };
  if (legal.address === "") legal.address = `${region.name.ru}, ${address.ru}`;

  const langs: Lang[] = rng.chance(0.5) ? ["ru", "en"] : ["ru"];
  const template = kind === "make" ? COMPANY_TEXT.ruMake : kind === "trade" ? COMPANY_TEXT.ruTrade : COMPANY_TEXT.ruService;
  // Real entities: no founding year is known, so the sentence that states it is left out.
  const NO_YEAR = "\u0000";
  const filled = fillL3(template, {
    name: { ru: name.ru, en: name.en, zh: name.ru },
    goods: goodsPhrase(subs, services),
    city,
    region: region.name,
    year: candidate ? NO_YEAR : String(yearFounded),
  });
  const withoutYear = (text: string) =>
    text
      .split(/(?<=\.)\s+/)
      .filter((sentence) => !sentence.includes(NO_YEAR))
      .join(" ");
  const description: L3 = { ru: withoutYear(filled.ru), en: withoutYear(filled.en), zh: filled.zh };
  const domain = uniqueDomain(ctx, domainBase);
  const now = ctx.now;
  const st = status(rng);
  const createdAt = new Date(now - rng.int(30, 1_100) * DAY);
  const draft: CompanyDraft = {
    index,
    country: "RU",
    kind,
    real: Boolean(candidate),
    sourceLang: "ru",
    name: pick({ ...name, zh: "" }, langs),
    description: pick(description, langs),
    status: st,
    regionCode: region.code,
    city: pick(city, langs),
    cityL3: city,
    address: pick({ ru: address.ru!, en: address.en!, zh: "" }, langs),
    latitude: round6(region.capital.lat + jitter(rng, 0.08)),
    longitude: round6(region.capital.lon + jitter(rng, 0.12)),
    website: `https://www.${domain}.example`,
    phone: candidate ? null : phoneRu(rng),
    email: `${rng.pick(["info", "sales", "office", "zakaz"])}@${domain}.example`,
    yearFounded: candidate ? null : yearFounded,
    headcountRange: candidate ? HEADCOUNT_RANGES[Math.min(Math.max(candidate.entity.mspCategory, 1), 3) - 1]! : headcount(rng, kind),
    okvedMain,
    okvedExtra,
    facts: companyFacts(rng, kind, "RU"),
    ...verification(rng, "RU", now),
    publishedAt: st === "published" ? new Date(createdAt.getTime() + rng.int(1, 20) * DAY) : null,
    createdAt,
    legal,
    subs,
    services: [],
    weight: kind === "service" ? 0 : rng.logBetween(1, 40),
    currency: "RUB",
    initial,
    langs,
  };
  if (kind === "service") draft.services = serviceOffers(rng, { country: "RU", langs, city }, services);
  else if (rng.chance(0.13))
    draft.services = serviceOffers(rng, { country: "RU", langs, city }, [
      rng.pick(SERVICE_TYPES.filter((t) => ["logistics", "warehousing", "trade-agent", "certification"].includes(t.slug))),
    ]);
  return draft;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function headcount(rng: Rng, kind: CompanyKind): string {
  const weights = kind === "make" ? [5, 25, 40, 22, 8] : [35, 45, 17, 3, 0];
  return rng.weighted(
    HEADCOUNT_RANGES.map((h, i) => ({ h, w: weights[i]! })),
    (x) => x.w,
  ).h;
}

function uniqueInn(ctx: CompanyContext, make: () => string): string {
  for (;;) {
    const inn = make();
    if (!ctx.usedInns.has(inn)) {
      ctx.usedInns.add(inn);
      return inn;
    }
  }
}

function russianBrand(
  ctx: CompanyContext,
  rng: Rng,
  region: string,
  kind: CompanyKind,
  subs: SubPlan[],
  services: ServiceTypeDef[],
): string {
  for (let attempt = 0; ; attempt++) {
    const prefixes = RU_NAME_PREFIX[region];
    const prefix = prefixes && rng.chance(0.7) ? rng.pick(prefixes) : rng.pick(RU_NAME_PREFIX_ANY);
    let brand: string;
    if (kind === "service") {
      brand = `${prefix}-${rng.pick(SERVICE_NAME_STEMS[services[0]!.slug] ?? ["Сервис"])}`;
    } else {
      const stem = rng.pick(subs[0]!.top.stem.ru);
      const suffix = rng.pick(kind === "make" ? RU_NAME_SUFFIX.make : RU_NAME_SUFFIX.trade);
      brand = capitalize(`${prefix}${stem}${suffix}`.toLowerCase());
    }
    if (attempt > 6) brand = `${brand}-${rng.pick(["Групп", "Сервис", "Регион", "М", "Плюс"])}${attempt > 12 ? ` ${attempt}` : ""}`;
    if (!ctx.usedNames.has(brand)) {
      ctx.usedNames.add(brand);
      return brand;
    }
  }
}

function chineseCompany(ctx: CompanyContext, rng: Rng, index: number, service: boolean): CompanyDraft {
  const kind: CompanyKind = service ? "service" : rng.chance(0.6) ? "make" : "trade";
  const subs = kind === "service" ? [] : pickSubs(rng, ctx.subs, kind);
  const services =
    kind === "service"
      ? [
          ...new Set([
            rng.pick(SERVICE_TYPES.filter((t) => t.china && t.slug === "logistics")),
            ...rng.sample(
              SERVICE_TYPES.filter((t) => t.china),
              1,
            ),
          ]),
        ]
      : [];
  const homes = subs[0]?.def.cnRegions;
  const places = homes && rng.chance(0.55) ? CN_PLACES.filter((p) => homes.includes(p.region)) : CN_PLACES;
  const place: CnPlace = rng.weighted(places.length ? places : CN_PLACES, (p) => p.weight);
  const region = CHINESE_REGIONS.find((r) => r.code === place.region)!;

  let brand: [string, string, string];
  let goods: L3;
  let form: L3;
  let nameZh: string;
  for (let attempt = 0; ; attempt++) {
    brand = rng.pick(CN_BRANDS);
    if (kind === "service") {
      goods = l("", "", "");
      form = rng.pick(CN_FORMS.service);
    } else {
      const top = subs[0]!.top;
      const i = rng.int(0, top.stem.zh.length - 1);
      goods = { ru: "", en: top.stem.en[i]!, zh: top.stem.zh[i]! };
      form = kind === "make" ? rng.pick(CN_FORMS.make) : rng.pick(CN_FORMS.trade);
      if (kind === "trade") goods = { ru: "", en: rng.chance(0.5) ? goods.en : "", zh: rng.chance(0.5) ? goods.zh : "" };
    }
    nameZh = `${place.short.zh}${brand[0]}${goods.zh}${form.zh}`;
    if (attempt > 20) nameZh = `${place.short.zh}${brand[0]}${attempt}${goods.zh}${form.zh}`;
    if (!ctx.usedNames.has(nameZh)) break;
  }
  ctx.usedNames.add(nameZh);
  const nameEn = [place.short.en, brand[1], goods.en, form.en].filter(Boolean).join(" ");
  const nameRu = `${kind === "trade" ? "Торговая компания" : kind === "service" ? "Логистическая компания" : "Компания"} «${place.short.ru} ${brand[2]}»`;
  const name: L3 = { ru: nameRu, en: nameEn, zh: nameZh };
  const langs: Lang[] = ["zh"];
  if (rng.chance(0.5)) langs.push("ru");
  if (rng.chance(0.5)) langs.push("en");

  const yearFounded = rng.int(1995, 2021);
  const municipality = ["CN-11", "CN-12", "CN-31", "CN-50"].includes(region.code);
  const road = rng.pick(CN_ROADS);
  const number = rng.int(1, 399);
  const city: L3 = { ...place.city };
  const address: L3 = {
    zh: `${municipality ? "" : region.name.zh}${place.city.zh}市${place.district?.zh ?? ""}${road[0]}${number}号`,
    en: `No. ${number} ${road[1]}, ${place.district ? `${place.district.en}, ` : ""}${place.city.en}${municipality ? "" : `, ${region.name.en}`}`,
    ru: `${municipality ? "" : `${region.name.ru}, `}г. ${place.city.ru}${place.district ? `, ${place.district.ru}` : ""}, ${road[1]}, ${number}`,
  };
  const template = kind === "make" ? COMPANY_TEXT.cnMake : kind === "trade" ? COMPANY_TEXT.cnTrade : COMPANY_TEXT.cnService;
  const regionShort: L3 = { ru: region.name.ru.replace(/^Провинция /, "провинция "), en: region.name.en, zh: region.name.zh };
  const description = fillL3(template, { name, goods: goodsPhrase(subs, services), city, region: regionShort, year: String(yearFounded) });

  let okvedMain: string;
  let okvedExtra: string[];
  if (kind === "service") {
    okvedMain = services[0]!.okved[0]!;
    okvedExtra = extraCodes(
      rng,
      okvedMain,
      services.flatMap((s) => s.okved),
      ctx.okvedCodes,
    );
  } else if (kind === "make") {
    okvedMain = subs[0]!.def.okved.make[0]!;
    okvedExtra = extraCodes(
      rng,
      okvedMain,
      subs.flatMap((s) => [...s.def.okved.make, s.def.okved.trade[0]!]),
      ctx.okvedCodes,
    );
  } else {
    okvedMain = subs[0]!.def.okved.trade[0]!;
    okvedExtra = extraCodes(rng, okvedMain, [...subs.flatMap((s) => s.def.okved.trade), "46.90"], ctx.okvedCodes);
  }

  const domain = uniqueDomain(ctx, slugify(`${place.short.en}-${brand[1]}`, 30));
  const now = ctx.now;
  const st = status(rng);
  const createdAt = new Date(now - rng.int(30, 1_100) * DAY);
  const draft: CompanyDraft = {
    index,
    country: "CN",
    kind,
    real: false,
    sourceLang: "zh",
    name: pick(name, langs),
    description: pick(description, langs),
    status: st,
    regionCode: region.code,
    city: pick(city, langs),
    cityL3: city,
    address: pick(address, langs),
    latitude: round6(place.lat + jitter(rng, 0.05)),
    longitude: round6(place.lon + jitter(rng, 0.06)),
    website: `https://www.${domain}.example`,
    phone: phoneCn(rng),
    email: `${rng.pick(["sales", "export", "info", "russia"])}@${domain}.example`,
    yearFounded,
    headcountRange: headcount(rng, kind),
    okvedMain,
    okvedExtra,
    facts: companyFacts(rng, kind, "CN"),
    ...verification(rng, "CN", now),
    publishedAt: st === "published" ? new Date(createdAt.getTime() + rng.int(1, 20) * DAY) : null,
    createdAt,
    legal: null,
    subs,
    services: [],
    weight: kind === "service" ? 0 : rng.logBetween(1, 40),
    currency: rng.chance(0.7) ? "CNY" : "USD",
    initial: brand![1].charAt(0),
    langs,
  };
  if (kind === "service") draft.services = serviceOffers(rng, { country: "CN", langs, city }, services);
  else if (rng.chance(0.1))
    draft.services = serviceOffers(rng, { country: "CN", langs, city }, [
      rng.pick(SERVICE_TYPES.filter((t) => t.china && t.slug !== "legal")),
    ]);
  return draft;
}
