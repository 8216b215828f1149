/** URL of Scalar's self-hosted API reference bundle (scripts/build/scalar-asset.ts, ADR 024). */
declare module "virtual:scalar-url" {
  const url: string;
  export default url;
}

/** The build's locale parts (scripts/build/locale-parts.ts, ADR 021). */
declare module "virtual:locale/*" {
  const strings: Record<string, unknown>;
  export default strings;
}
