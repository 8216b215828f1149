/** The build's locale parts (scripts/build/locale-parts.ts, ADR 021). */
declare module "virtual:locale/*" {
  const strings: Record<string, unknown>;
  export default strings;
}
