/**
 * The split of the UI strings (ADR 021): nothing is lost or duplicated, the areas are recognised by
 * path, and no module that public pages load on the client names a private string — a public page
 * would otherwise show a raw key after hydrating.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "#locales/index.ts";
import { isPrivateArea, PRIVATE_GROUPS, PUBLIC_EXCEPTIONS, splitDictionary } from "./locale-areas.ts";

const appDir = path.resolve(import.meta.dirname, "..");

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

/** Value imports (static and dynamic) of a module within app/, relative or `#app/…`; type-only imports ship no code. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...[...source.matchAll(/^\s*import\s+(?!type\b)[^;]*?from\s+["']((?:\.|#app\/)[^"']+)["']/gm)].map((m) => m[1]!),
    ...[...source.matchAll(/^\s*import\s+["']((?:\.|#app\/)[^"']+)["']/gm)].map((m) => m[1]!),
    ...[...source.matchAll(/import\(\s*["']((?:\.|#app\/)[^"']+)["']\s*\)/g)].map((m) => m[1]!),
  ];
  return specifiers
    .map((s) => (s.startsWith("#app/") ? path.join(appDir, s.slice("#app/".length)) : path.resolve(path.dirname(file), s)))
    .filter((f) => f.startsWith(appDir) && /\.tsx?$/.test(f));
}

/** Every client module a public page can load: root, layouts, public routes and what they import. */
function publicClientModules(): Set<string> {
  const routesSource = readFileSync(path.join(appDir, "routes.ts"), "utf8");
  const routeFiles = [...routesSource.matchAll(/"((?:routes|layouts)\/[\w./-]+\.tsx?)"/g)].map((m) => m[1]!);
  const publicRoutes = routeFiles.filter((f) => !/^routes\/(profile|admin)\//.test(f));
  const queue = ["root.tsx", "entry.client.tsx", ...publicRoutes].map((f) => path.join(appDir, f));
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    // Server-only modules never reach the browser.
    if (seen.has(file) || file.endsWith(".server.ts") || file.endsWith(".server.tsx")) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

// Message keys the server translates before a page gets them (root loader's flash).
const SERVER_TRANSLATED = new Set(["lib/flash.ts", "lib/product-flash.ts", "lib/orders-flash.ts", "middleware/flash.ts"]);

describe("locale areas", () => {
  it.each(Object.keys(resources))("splits %s into two parts that add up to the whole", (lang) => {
    const whole = resources[lang as keyof typeof resources].common;
    const parts = splitDictionary(whole);
    const pub = flatten(parts.public);
    const priv = flatten(parts.private);
    expect([...pub.keys()].filter((k) => priv.has(k))).toEqual([]);
    expect(new Map([...pub, ...priv])).toEqual(flatten(whole));
    // The private part is what a public page saves; it must stay substantial to be worth a request.
    expect(JSON.stringify(parts.private).length).toBeGreaterThan(JSON.stringify(whole).length / 4);
    for (const exception of PUBLIC_EXCEPTIONS) expect([...pub.keys()].some((k) => k.startsWith(`${exception}.`))).toBe(true);
  });

  it("knows the areas by path, with and without a language prefix", () => {
    for (const p of ["/profile", "/profile/product/3", "/en/profile", "/zh/admin/moderation", "/admin", "/ru/admin/"])
      expect(isPrivateArea(p), p).toBe(true);
    for (const p of ["/", "/en", "/product/3", "/suppliers", "/en/profiles", "/administration", "/auth", "/zh/search"])
      expect(isPrivateArea(p), p).toBe(false);
  });

  it("no client module of a public page names a private string", () => {
    const modules = publicClientModules();
    expect(modules.size).toBeGreaterThan(30);
    const isException = (key: string) => PUBLIC_EXCEPTIONS.some((p) => key === p || key.startsWith(`${p}.`));
    const offenders: string[] = [];
    for (const file of modules) {
      const relative = path.relative(appDir, file);
      if (SERVER_TRANSLATED.has(relative)) continue;
      const source = readFileSync(file, "utf8");
      for (const group of PRIVATE_GROUPS) {
        for (const match of source.matchAll(new RegExp(`["'\`](${group}\\.[\\w.$\\{}]+)`, "g"))) {
          if (!isException(match[1]!)) offenders.push(`${relative}: ${match[1]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
