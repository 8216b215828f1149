/**
 * Vite plugin: the virtual modules `virtual:locale/{lang}/{public|private}` hold the two parts of
 * `locales/{lang}/common.json` (app/lib/locale-areas.ts, ADR 021), so the client downloads the
 * private strings of the profile and admin areas only there. Each part is emitted as
 * `JSON.parse("…")`, which V8 parses faster than the same object as a JavaScript literal.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { splitDictionary } from "#app/lib/locale-areas.ts";
import { LANGS } from "#contract/langs.ts";

const PREFIX = "virtual:locale/";
const ID = new RegExp(`^virtual:locale/(${LANGS.join("|")})/(public|private)$`);

export function localeParts(root = process.cwd()): Plugin {
  return {
    name: "postavka:locale-parts",
    resolveId(id) {
      return id.startsWith(PREFIX) && ID.test(id) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [, lang, part] = ID.exec(id.slice(1))!;
      const file = path.join(root, "locales", lang!, "common.json");
      this.addWatchFile(file);
      const parts = splitDictionary(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(parts[part as "public" | "private"]))});`;
    },
  };
}
