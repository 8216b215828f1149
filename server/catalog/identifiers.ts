/** Moved to contract/identifiers.ts (both tiers validate INN, OGRN and KPP with it); kept for existing imports. */
export * from "#contract/identifiers.ts";
