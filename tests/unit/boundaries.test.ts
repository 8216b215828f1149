/**
 * The tiers' import boundaries (ADR 023, issue 13), checked on the source text of every module:
 * - `contract/` imports neither tier (only libraries and other contract modules);
 * - `app/` (the web tier) imports nothing from `server/` (the process hands it `WebServices`, a type
 *   of contract/web-services.ts);
 * - `server/` imports nothing from `app/`.
 * Type-only imports count too: a type from a repository ties the web tier to the database schema.
 * - the web tier's areas (ADR 045): a module of `app/routes/<area>/` (or of a profile sub-area,
 *   `app/routes/profile/<sub-area>/`) imports shared code, its own area's files and those of the area
 *   around it, never another area's; shared web-tier code imports no area. Tests are left out: they
 *   may take a fixture from any area.
 * And no import path climbs more than one folder (`../`): farther modules are reached through the
 * package imports `#app/…`, `#server/…`, `#contract/…`, `#tests/…` (package.json "imports", ADR 045).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/g)) found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) found.push(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(match[1]!);
  return found;
}

/**
 * The top folder (`app`, `server`, `contract`, …) a specifier of `file` lands in: a relative path, or
 * a package import (`#server/…`, package.json "imports", which maps `#<folder>/*` to `./<folder>/*`).
 */
function target(file: string, specifier: string): { top: string; rel: string } | null {
  let rel: string;
  if (specifier.startsWith(".")) rel = path.relative(root, path.resolve(path.dirname(file), specifier));
  else if (specifier.startsWith("#")) rel = specifier.slice(1);
  else return null;
  return { top: rel.split(/[\\/]/)[0]!, rel };
}

function crossings(tier: string, forbidden: string[], allowed: (rel: string, line: string) => boolean = () => false) {
  const bad: string[] = [];
  for (const file of sources(path.join(root, tier))) {
    for (const specifier of specifiers(file)) {
      const hit = target(file, specifier);
      if (hit && forbidden.includes(hit.top) && !allowed(hit.rel, specifier)) bad.push(`${path.relative(root, file)} → ${hit.rel}`);
    }
  }
  return bad;
}

describe("tier boundaries", () => {
  it("contract/ imports neither the web tier nor the API tier", () => {
    expect(crossings("contract", ["app", "server"])).toEqual([]);
  });

  it("the web tier imports nothing from server/", () => {
    expect(crossings("app", ["server"])).toEqual([]);
  });

  it("the API tier imports nothing from app/", () => {
    expect(crossings("server", ["app"])).toEqual([]);
  });
});

describe("import paths", () => {
  it("no import in app/, server/, contract/ or tests/ climbs more than one folder", () => {
    const climbing = ["app", "server", "contract", "tests"].flatMap((tier) =>
      sources(path.join(root, tier)).flatMap((file) =>
        specifiers(file)
          .filter((specifier) => specifier.startsWith("../../"))
          .map((specifier) => `${path.relative(root, file)} → ${specifier}`),
      ),
    );
    expect(climbing).toEqual([]);
  });
});

/**
 * The area folder a web-tier module belongs to: `app/routes/<area>` or `app/routes/profile/<sub-area>`
 * (`components/` and `lib/` inside an area are its own shared code, not sub-areas); null for shared code.
 */
function areaOf(rel: string): string | null {
  const parts = rel.split(/[\\/]/);
  if (parts[0] !== "app" || parts[1] !== "routes" || parts.length < 4) return null;
  const area = `app/routes/${parts[2]}`;
  const sub = parts[3]!;
  return parts.length > 4 && parts[2] === "profile" && sub !== "components" && sub !== "lib" ? `${area}/${sub}` : area;
}

describe("web-tier areas", () => {
  it("an area imports shared code and its own files, never another area's; shared code imports no area", () => {
    const bad: string[] = [];
    for (const file of sources(path.join(root, "app"))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const from = path.relative(root, file);
      const home = areaOf(from);
      for (const specifier of specifiers(file)) {
        if (specifier.startsWith("./+types/")) continue; // the route's generated types
        const hit = target(file, specifier.replace(/\?.*$/, ""));
        const there = hit && areaOf(hit.rel);
        if (!there) continue;
        // A sub-area may use its area's own shared files (app/routes/profile/components, layout.tsx, …).
        if (home && (there === home || home.startsWith(`${there}/`))) continue;
        bad.push(`${from} → ${hit.rel}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
