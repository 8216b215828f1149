/**
 * `useT()` on the server: plain keys come from a per-language cache, calls with options still go
 * through i18next, and two languages (or two resource sets) never share a translation.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import { useT } from "./use-t.ts";

async function instance(lng: string, resources: Record<string, { common: Record<string, string> }>): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({ lng, resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false } });
  return i18n;
}

function Probe({ keys }: { keys: [string, Record<string, unknown>?][] }) {
  const t = useT();
  return <>{keys.map(([key, options]) => (options ? t(key, options) : t(key))).join("|")}</>;
}

const resources = {
  ru: { common: { hello: "Привет", count: "{{n}} шт.", onlyRu: "Только по-русски" } },
  en: { common: { hello: "Hello", count: "{{n}} pcs" } },
};

describe("useT", () => {
  test("plain keys and keys with options translate as i18next does, per language, with the fallback", async () => {
    const keys: [string, Record<string, unknown>?][] = [["hello"], ["count", { n: 3 }], ["onlyRu"], ["missing.key"]];
    for (let round = 0; round < 2; round++) {
      const ru = await instance("ru", resources);
      const en = await instance("en", resources);
      const html = (i18n: I18n) => renderToString(<I18nextProvider i18n={i18n}>{<Probe keys={keys} />}</I18nextProvider>);
      expect(html(ru)).toBe("Привет|3 шт.|Только по-русски|missing.key");
      expect(html(en)).toBe("Hello|3 pcs|Только по-русски|missing.key");
    }
  });

  test("instances with other resources (a test's own strings) never see the cached ones", async () => {
    const mine = await instance("ru", { ru: { common: { hello: "Здравствуйте" } } });
    await instance("ru", resources);
    expect(renderToString(<I18nextProvider i18n={mine}>{<Probe keys={[["hello"]]} />}</I18nextProvider>)).toBe("Здравствуйте");
  });
});
