/**
 * The root route of the web tier: the HTML document every page renders into (language, nonce, the
 * app shell's styles and client platform, islands' texts), the request middleware in order
 * (i18next, flash, CSRF, the check that a form body is readable, the per-request API client), and
 * the root loader's data every page reads through `useRouteLoaderData("root")`: the signed-in user
 * (names, company, favourites, unread notifications; a failed load leaves the visitor anonymous,
 * spec §8), the display currency with the latest rates, the flash message and the viewport class.
 * Its ErrorBoundary is the translated error page (app/components/error-page.tsx). The routes
 * themselves: app/routes.ts.
 */
import { useContext, useEffect, useMemo } from "react";
import { getI18n, I18nContext, useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ConnectionErrorPage, ErrorDocument, routeErrorInfo, StatusErrorDocument } from "./components/error-page.tsx";
import { ClientPlatform } from "./components/pwa/client-platform.tsx";
import { OfflineMarker } from "./components/pwa/offline-marker.tsx";
import { SessionKeeper } from "./components/auth/session-keeper.tsx";
import * as profileApi from "#contract/profile.ts";
import * as moneyApi from "#contract/money.ts";
import type { MoneyData } from "./components/money/money.tsx";
import { displayCurrency } from "./components/money/display-currency.ts";
import { apiContext, servicesContext, sessionContext } from "./context.ts";
import { DEFAULT_LANG, isLang, localePath, type Lang } from "./lib/i18n.ts";
import { csrfMiddleware } from "./middleware/csrf.ts";
import { formBodyMiddleware } from "./middleware/form-body.ts";
import { isChunkLoadError, isNetworkError } from "./lib/reload-guard.ts";
import { deviceClassFromCookieHeader, FALLBACK_DEVICE_CLASS, hasDeviceClassCookie } from "./lib/viewport.ts";
import { endRefusedSession } from "./lib/session.server.ts";
import { sharedRead } from "./lib/shared-reads.server.ts";
import { apiClientMiddleware } from "./middleware/api-client.ts";
import { flashContext, flashMiddleware } from "./middleware/flash.ts";
import type { Flash, ShownFlash } from "./lib/flash.ts";
import { getInstance, getLocale, i18nextMiddleware } from "./middleware/i18next.ts";
import stylesUrl from "./styles/app.css?url";
import { useT } from "./lib/use-t.ts";
import { DocumentContext, isDocumentPage } from "./lib/documents.ts";
import { BUILD_META } from "./lib/pwa/app-updates.ts";
import { IslandTextsProvider } from "./islands/island.tsx";
import { collectIslandTexts } from "./islands/texts.ts";
import { DocumentRuntime } from "./islands/document-runtime.tsx";
import { FAVOURITE_SAVED_EVENT } from "./islands/names.ts";
import { Toaster } from "./components/pwa/toaster.tsx";
import * as notificationsApi from "#contract/notifications.ts";

export const middleware: Route.MiddlewareFunction[] = [
  i18nextMiddleware,
  flashMiddleware,
  csrfMiddleware,
  formBodyMiddleware,
  apiClientMiddleware,
];

/** The signed-in user as pages need it: names, company and favourite product ids (spec §4 session start). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  role: string;
  organization: { id: number; name: string } | null;
  favouriteIds: number[];
  /** Unread notifications (inquiries, answers; ADR 028): the header's badge. */
  unreadNotifications: number;
}

async function loadSessionUser(context: Route.LoaderArgs["context"]): Promise<SessionUser | null> {
  if (!context.get(sessionContext).accessToken) return null;
  const api = context.get(apiContext);
  try {
    const [profile, favouriteIds, unreadNotifications] = await Promise.all([
      api.send(profileApi.getProfile).then((r) => r.data),
      api
        .send(profileApi.listFavourites, { query: { view: "ids" } })
        .then((r) => r.data.map((f) => f.id))
        .catch(() => [] as number[]),
      api
        .send(notificationsApi.countUnreadNotifications)
        .then((r) => r.data.unread)
        .catch(() => 0),
    ]);
    if (profile.role === "ANONIM") {
      endRefusedSession(context.get(sessionContext));
      return null;
    }
    const user = profile;
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      organization: user.organization ? { id: user.organization.id, name: user.organization.name } : null,
      favouriteIds,
      unreadNotifications,
    };
  } catch (error) {
    // Spec §8: a failed profile load is logged and the visitor stays anonymous.
    context.get(servicesContext).logger.warn({ err: error }, "profile load failed");
    return null;
  }
}

/**
 * The visitor's display currency (the `currency` cookie, else by language: ru → RUB, zh → CNY,
 * en → USD) and the latest Bank of Russia rates; without rates prices show no conversions.
 */
async function loadMoney(context: Route.LoaderArgs["context"], request: Request, lang: Lang): Promise<MoneyData> {
  const currency = displayCurrency(request, lang);
  // The same for every visitor: one API read serves the process's requests for a second (ADR 060).
  const api = context.get(apiContext);
  const rates = await sharedRead("rates", () => api.send(moneyApi.getRates).then((r) => r.data)).catch((error: unknown) => {
    context.get(servicesContext).logger.warn({ err: error }, "rates load failed");
    return null;
  });
  return { currency, rates };
}

/** The flash message in the page's language (the client has no profile or admin strings on public pages). */
function shownFlash(flash: Flash | null, t: (key: string) => string): ShownFlash | null {
  return flash ? { text: t(flash.message), tone: flash.tone } : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = getLocale(context);
  const url = new URL(request.url);
  const pageLang: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  const [user, money] = await Promise.all([loadSessionUser(context), loadMoney(context, request, pageLang)]);
  return data({
    user,
    money,
    lang: pageLang,
    origin: services.publicUrl ?? url.origin,
    appName: getInstance(context).t("app.name"),
    nonce: services.nonce,
    /** Device class from the `viewport` cookie (spec §9): the server's layout follows it. */
    viewport: deviceClassFromCookieHeader(request.headers.get("cookie")),
    /** False on a first visit (no cookie yet): the header then sends both its forms and CSS picks one. */
    viewportKnown: hasDeviceClassCookie(request.headers.get("cookie")),
    flash: shownFlash(context.get(flashContext), getInstance(context).t),
    buildCheckIntervalS: services.buildCheckIntervalS ?? 0,
    /** The public documents' runtime (ADR 035); null: every page hydrates as an app. */
    islands: services.islands ?? null,
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const i18n = usePageI18n();
  const t = useT();
  const matches = useMatches();
  const lang = root?.lang ?? (isLang(i18n.language) ? i18n.language : DEFAULT_LANG);
  // A public page is a document with islands (ADR 035) when the build has the island runtime. Decided
  // on the server only: inside the hydrated app a client navigation to a public page renders it there.
  const islands = import.meta.env.SSR && root?.islands && isDocumentPage(matches) ? root.islands : null;
  // Collected once per render: the islands below and, on a document, the page data read in the browser.
  const islandTexts = useMemo(() => collectIslandTexts(t), [t]);
  return (
    <html lang={lang} dir="ltr" data-viewport={root?.viewport ?? FALLBACK_DEVICE_CLASS}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React emits it ahead of the module preloads: the one render-blocking request goes first. */}
        <link rel="stylesheet" href={stylesUrl} precedence="default" />
        <meta name="theme-color" content="#0f4c81" />
        <link rel="manifest" href={localePath(lang, "/manifest.webmanifest")} />
        {islands ? <meta name={BUILD_META} content={islands.buildId} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <IslandTextsProvider texts={islandTexts}>
          <OfflineMarker />
          <DocumentContext value={Boolean(islands)}>{children}</DocumentContext>
          {islands ? (
            <>
              <Toaster flash={root?.flash ?? null} />
              <DocumentRuntime
                boot={islands.boot}
                nonce={root?.nonce ?? ""}
                page={{
                  lang,
                  texts: islandTexts,
                  buildCheckIntervalS: root?.buildCheckIntervalS ?? 0,
                  signedIn: Boolean(root?.user),
                  production: import.meta.env.PROD,
                }}
              />
            </>
          ) : (
            <>
              <ClientPlatform flash={root?.flash ?? null} buildCheckIntervalS={root?.buildCheckIntervalS ?? 0} />
              <SessionKeeper signedIn={Boolean(root?.user)} />
              <FavouritesRevalidator />
              <ScrollRestoration nonce={root?.nonce} />
              <Scripts nonce={root?.nonce} />
            </>
          )}
        </IslandTextsProvider>
      </body>
    </html>
  );
}

/** In the hydrated areas a favourite star's stored change reloads the data (the favourites list, the header's count). */
function FavouritesRevalidator() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const revalidate = () => void revalidator.revalidate();
    window.addEventListener(FAVOURITE_SAVED_EVENT, revalidate);
    return () => window.removeEventListener(FAVOURITE_SAVED_EVENT, revalidate);
  }, [revalidator]);
  return null;
}

/**
 * The page's i18next instance. On the server it is read from context: react-i18next's `useTranslation`
 * builds a translation wrapper and subscribes to language events on every render (1 % of an uncached
 * product page's CPU, ADR 064), and a server render never changes language. In the browser it stays
 * `useTranslation`, whose subscription re-renders the app when App's effect below changes the
 * language after a client navigation. (`import.meta.env.SSR` is a constant of each bundle, so each
 * calls the same hooks on every render.)
 */
const usePageI18n = import.meta.env.SSR ? useServerI18n : useBrowserI18n;

function useServerI18n() {
  return useContext(I18nContext)?.i18n ?? getI18n();
}

function useBrowserI18n() {
  return useTranslation().i18n;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const i18n = usePageI18n();
  useEffect(() => {
    if (i18n.language !== loaderData.lang) void i18n.changeLanguage(loaderData.lang);
  }, [loaderData.lang, i18n]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isNetworkError(error) || isChunkLoadError(error)) {
    return (
      <ErrorDocument title={t("offline.errorTitle")}>
        <ConnectionErrorPage chunk={isChunkLoadError(error)} />
      </ErrorDocument>
    );
  }
  return <StatusErrorDocument {...routeErrorInfo(error, import.meta.env.DEV)} />;
}
