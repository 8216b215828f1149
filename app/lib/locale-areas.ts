/**
 * Which UI strings a page's client needs (ADR 021). Every locale (`locales/{lang}/common.json`) is
 * split at build time (scripts/build/locale-parts.ts) into two parts: the **public** part that every
 * page loads before hydrating, and the **private** part of the signed-in areas (`/profile`,
 * `/admin`, with or without a language prefix), loaded only there. A first visit to a public page
 * then downloads about a third less translation text.
 *
 * The private part is a list of top-level groups used only by the profile and admin routes and
 * their components, minus the dotted paths under them that public pages use (the header's admin
 * link, the content pages' entry list). `app/lib/locale-areas.test.ts` scans the public modules'
 * sources and fails when one of them names a private string. The server always has every string.
 */
import { LANGS } from "#contract/langs.ts";

/** Top-level groups of `common.json` that only the profile and admin areas use. */
export const PRIVATE_GROUPS = [
  "admin",
  "profileProducts",
  "profileCompany",
  "profileHome",
  "profileContacts",
  "profileEmployees",
  "profileSettings",
  "profileStart",
  "legalEntities",
  "employeeForm",
  "parseMeta",
  "classifierPicker",
  "formWidgets",
  "apiKeys",
  "onecSettings",
  "dashboard",
  "orders",
] as const;

/** Paths inside a private group that public pages use: they stay in the public part. */
export const PUBLIC_EXCEPTIONS = ["admin.nav", "admin.contentPage", "orders.entry"] as const;

type Dictionary = { [key: string]: unknown };

/**
 * Splits a locale dictionary into `{ public, private }`; the two parts deep-merge back into the input
 * (no key is in both, none is lost). Shapes: nested string maps as in `common.json`.
 */
export function splitDictionary(dictionary: Dictionary): { public: Dictionary; private: Dictionary } {
  const publicPart: Dictionary = {};
  const privatePart: Dictionary = {};
  for (const [group, value] of Object.entries(dictionary)) {
    if (!(PRIVATE_GROUPS as readonly string[]).includes(group)) {
      publicPart[group] = value;
      continue;
    }
    const kept = PUBLIC_EXCEPTIONS.filter((path) => path.startsWith(`${group}.`)).map((path) => path.slice(group.length + 1));
    if (kept.length === 0 || typeof value !== "object" || value === null) {
      privatePart[group] = value;
      continue;
    }
    const open: Dictionary = {};
    const closed: Dictionary = {};
    for (const [key, inner] of Object.entries(value as Dictionary)) (kept.includes(key) ? open : closed)[key] = inner;
    publicPart[group] = open;
    privatePart[group] = closed;
  }
  return { public: publicPart, private: privatePart };
}

const PRIVATE_AREA_PATH = new RegExp(`^/(?:(?:${LANGS.join("|")})/)?(?:profile|admin)(?:/|$)`);

/** True for paths of the areas whose pages need the private strings: `/profile…`, `/en/admin…`. */
export function isPrivateArea(pathname: string): boolean {
  return PRIVATE_AREA_PATH.test(pathname);
}
