/**
 * Vocabulary for generated company names, addresses and profiles (companies.json). Kept short on
 * purpose: names are combinations (region stem × goods stem × suffix for Russian companies, place ×
 * brand × goods × form for Chinese ones).
 */
import type { L3 } from "../types.ts";
import { readSeedData } from "./load.ts";

export interface CnPlace {
  region: string;
  /** The name as used at the start of a company name («辽宁», «沈阳»). */
  short: L3;
  city: L3;
  district?: L3;
  lat: number;
  lon: number;
  weight: number;
}

/** A Russian legal form: abbreviation, full name, English name, share of companies (weight). */
export interface RuLegalForm {
  short: string;
  full: string;
  en: string;
  weight: number;
}

/** The shape of companies.json. */
export interface CompanyVocabulary {
  /** Region code → first part of a Russian company name («Урал» + «труб» + «пром»). */
  RU_NAME_PREFIX: Record<string, string[]>;
  /** First parts for regions without their own. */
  RU_NAME_PREFIX_ANY: string[];
  /** Endings of Russian company names by kind. */
  RU_NAME_SUFFIX: { make: string[]; trade: string[] };
  /** Service providers' names: stem and ending. */
  RU_SERVICE_STEMS: string[];
  RU_LEGAL_FORMS: RuLegalForm[];
  /** Directors' names, picked one part from each list. */
  RU_PEOPLE: { surnames: string[]; names: string[]; patronymics: string[] };
  RU_STREETS: string[];
  /** Chinese brand words: zh, pinyin, Russian (Palladius). */
  CN_BRANDS: Array<[zh: string, en: string, ru: string]>;
  /** Legal forms of Chinese company names (Russian renderings as used in trade, then English and Chinese). */
  CN_FORMS: { make: L3[]; trade: L3[]; service: L3[] };
  /** Chinese cities suppliers are placed in; Liaoning (Shenyang, Liaozhong) weighs most. */
  CN_PLACES: CnPlace[];
  /** Road names for Chinese addresses: zh and pinyin. */
  CN_ROADS: Array<[zh: string, en: string]>;
  /** Share of Russian suppliers by region code (others weigh 1). */
  RU_REGION_WEIGHTS: Record<string, number>;
  /** Company facts: key and how the value is made. */
  COMPANY_FACTS: { area: L3; warehouse: L3; exports: L3; certificates: L3; shipping: L3; payment: L3 };
  EXPORT_MARKETS: L3[];
  CERTIFICATES: string[];
  SHIPPING: L3[];
  PAYMENT: L3[];
  /** What a verification of level 1 or 2 checked, for Russian companies. */
  VERIFICATION_EVIDENCE: Record<1 | 2, L3>;
  /** The same for Chinese companies. */
  VERIFICATION_EVIDENCE_CN: Record<1 | 2, L3>;
  /** Company descriptions; placeholders {name}, {goods}, {city}, {region}, {year}. */
  COMPANY_TEXT: Record<"ruMake" | "ruTrade" | "ruService" | "cnMake" | "cnTrade" | "cnService", L3>;
}

export const {
  RU_NAME_PREFIX,
  RU_NAME_PREFIX_ANY,
  RU_NAME_SUFFIX,
  RU_SERVICE_STEMS,
  RU_LEGAL_FORMS,
  RU_PEOPLE,
  RU_STREETS,
  CN_BRANDS,
  CN_FORMS,
  CN_PLACES,
  CN_ROADS,
  RU_REGION_WEIGHTS,
  COMPANY_FACTS,
  EXPORT_MARKETS,
  CERTIFICATES,
  SHIPPING,
  PAYMENT,
  VERIFICATION_EVIDENCE,
  VERIFICATION_EVIDENCE_CN,
  COMPANY_TEXT,
} = readSeedData<CompanyVocabulary>("companies");
