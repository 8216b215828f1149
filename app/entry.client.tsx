/**
 * Hydration. Loads only the current page's language (from `<html lang>`) before hydrating, so a
 * first visit downloads one locale, not three — and of it only the public strings, plus the profile
 * and admin areas' strings when the page is in one of them (ADR 021). Before that, it starts listening for the browser's
 * install offer (which may come before React is ready) and installs the chunk-load guard.
 */
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANG, isLang } from "./lib/i18n.ts";
import { isPrivateArea } from "./lib/locale-areas.ts";
import { ensurePrivateStrings, loadPublicStrings } from "./lib/locale-loaders.ts";
import { ChunkLoadFailed } from "./components/error-page.tsx";
import { installChunkErrorGuard, navigationTarget } from "./lib/pwa/chunk-errors.ts";
import "./lib/pwa/install-prompt.ts";

installChunkErrorGuard(ChunkLoadFailed);

async function main() {
  const htmlLang = document.documentElement.lang;
  const lang = isLang(htmlLang) ? htmlLang : DEFAULT_LANG;
  const [common, privateStrings] = await Promise.all([
    loadPublicStrings(lang),
    isPrivateArea(window.location.pathname) ? ensurePrivateStrings(lang) : null,
  ]);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    defaultNS: "common",
    resources: { [lang]: { common } },
    interpolation: { escapeValue: false },
  });
  if (privateStrings) i18next.addResourceBundle(lang, "common", privateStrings, true, false);
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
