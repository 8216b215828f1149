/**
 * Hydration. Loads only the current page's language (from `<html lang>`) before hydrating, so a
 * first visit downloads one locale, not three. Before that, it starts listening for the browser's
 * install offer (which may come before React is ready) and installs the chunk-load guard.
 */
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANG, isLang } from "./lib/i18n.ts";
import { ChunkLoadFailed } from "./components/error-page.tsx";
import { installChunkErrorGuard, navigationTarget } from "./lib/pwa/chunk-errors.ts";
import "./lib/pwa/install-prompt.ts";

installChunkErrorGuard(ChunkLoadFailed);

const loaders = {
  ru: () => import("../locales/ru/common.json"),
  en: () => import("../locales/en/common.json"),
  zh: () => import("../locales/zh/common.json"),
};

async function main() {
  const htmlLang = document.documentElement.lang;
  const lang = isLang(htmlLang) ? htmlLang : DEFAULT_LANG;
  const common = (await loaders[lang]()).default;
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    defaultNS: "common",
    resources: { [lang]: { common } },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter instrumentations={[navigationTarget]} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

main().catch((error) => console.error(error));
