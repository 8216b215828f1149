/**
 * `/offline` — the saved pages (issue 6 point 3): pages the user saved for offline and pages they
 * visited that the service worker still holds, each with the age of its copy; also the fallback the
 * worker sends a visitor to when a page is neither online nor kept (`?from=` names that page).
 *
 * A public document (ADR 035). The worker precaches this page per language and serves it from the
 * precache, so the lists and the `from` notice are read in the browser by the island
 * app/islands/offline-pages.tsx, never from loader data.
 */
import type { Route } from "./+types/offline";
import { Island } from "#app/islands/island.tsx";
import OfflinePages from "#app/islands/offline-pages.tsx";
import { documentHandle } from "#app/lib/documents.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { seo: { title: t("offline.title"), description: t("offline.lead") } };
}

export default function OfflinePage() {
  const t = useT();
  const lang = useLang();
  const strings = {
    notSaved: t("offline.notSaved"),
    tryAgain: t("offline.tryAgain"),
    refused: t("flash.externalRefused"),
    unsupported: t("offline.unsupported"),
    savedHeading: t("offline.savedHeading"),
    savedEmpty: t("offline.savedEmpty"),
    visitedHeading: t("offline.visitedHeading"),
    visitedEmpty: t("offline.visitedEmpty"),
    copyAge: t("offline.copyAge"),
    remove: t("offline.remove"),
  };
  return (
    <main id="main" className="page offline-page">
      <PageHeader title={t("offline.heading")} lead={t("offline.lead")} />
      <noscript>
        <p className="notice">{t("offline.needsJs")}</p>
      </noscript>
      <Island name="offline-pages" load="load" component={OfflinePages} props={{ lang, strings }} />
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
