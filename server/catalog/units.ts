/** Moved to contract/units.ts (the forms and the API share the unit list); kept for existing imports. */
export * from "#contract/units.ts";
