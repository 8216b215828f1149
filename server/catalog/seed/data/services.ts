/**
 * Service types of the directory and the offers companies make of them (services.json).
 */
import type { IconName } from "#contract/icons.ts";
import type { Currency } from "#server/db/schema.ts";
import type { L3 } from "../types.ts";
import { readSeedData } from "./load.ts";

export interface ServiceTypeDef {
  slug: string;
  icon: IconName;
  name: L3;
  description: L3;
  /** OKVED2 codes of companies that offer it as their main business. */
  okved: string[];
  /** Price ranges by currency, the unit they are quoted per. */
  price: Partial<Record<Currency, [number, number]>>;
  unit: L3;
  /** Offer descriptions; placeholders {city}, {crossing}, {port}. */
  offers: L3[];
  /** Whether Chinese companies offer it too. */
  china: boolean;
}

/** The shape of services.json. */
interface ServiceVocabulary {
  /** Road and rail border crossings between Russia and China (offer placeholders {crossing}). */
  CROSSINGS: L3[];
  /** Sea ports of the trade (offer placeholder {port}). */
  PORTS: L3[];
  SERVICE_TYPES: ServiceTypeDef[];
}

export const { CROSSINGS, PORTS, SERVICE_TYPES } = readSeedData<ServiceVocabulary>("services");
