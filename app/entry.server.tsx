/**
 * Server rendering. A public document (ADR 035) is rendered as one string and sent whole (ADR 076);
 * the hydrated apps stream their shell to browsers; bots (isbot) wait for the whole page and, on an
 * error status, get only the status and a one-line body, not the error page (spec §2).
 * `servicesContext` is exported so that server/http.ts can hand its services to the router context.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { servicesContext } from "./context.ts";
import { getInstance } from "./middleware/i18next.ts";
import { isDocumentPage } from "./lib/documents.ts";
import { ChromeFragments, ChromeFragmentsContext, type ChromeStore } from "./lib/chrome-fragments.tsx";
import { CardFragments, CardFragmentsContext, CardStore } from "./lib/card-fragments.tsx";

/** This process's rendered headers and footers of documents (ADR 060). */
const chromeStore: ChromeStore = new Map();
/** This process's rendered product cards of documents (ADR 077). */
const cardStore = new CardStore();

export const streamTimeout = 5_000;

/** The key under which server/http.ts puts its services into the router context. */
export { servicesContext };

/**
 * Logs loader, action and render errors once, with the request path. Requests the browser gave up
 * on (a live search superseded by the next keystroke) abort their loaders; that is not an error.
 * Neither is a 4xx the router answers itself (no route matches a hostile path, a resource route
 * does not take the method): the router hands those here as error responses, which used to be
 * logged as "[object Object]" (found by the form-action fuzzer once the API test projects failed
 * on console.error, review F9). A 5xx error response is logged with the error it carries.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The router's error responses keep the thrown error in an untyped `error` field.
  const cause: unknown = (isRouteErrorResponse(error) && (error as { error?: unknown }).error) || error;
  console.error(
    JSON.stringify({ level: 50, msg: "route error", path: new URL(request.url).pathname, error: String((cause as Error)?.stack ?? cause) }),
  );
};

/**
 * The build's manifest with only the matched routes (ADR 060). `ServerRouter` turns every route of
 * the manifest into a route object and `createStaticRouter` converts those again, on each render
 * (137 routes, ≈ 4 % of an uncached product page's CPU), though a document renders the matched ones
 * only: it has no client router, so no link, prefetch or script reads another route's entry (links
 * are plain anchors; `<Links>` and `<Meta>` read the matches'). The page's HTML is unchanged
 * (bench http-compare compares it with the base build's).
 */
function documentManifest(context: EntryContext): EntryContext["manifest"] {
  const { manifest, staticHandlerContext } = context;
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (route) routes[match.route.id] = route;
  }
  return { ...manifest, routes };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  if (bot && responseStatusCode >= 400) {
    const text =
      responseStatusCode === 404 ? "Page Not Found" : responseStatusCode === 503 ? "Service Unavailable" : "Internal Server Error";
    return new Response(`${responseStatusCode} ${text}\n`, {
      status: responseStatusCode,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const { nonce, islands } = loadContext.get(servicesContext);
  const document =
    Boolean(islands) && isDocumentPage(routerContext.staticHandlerContext.matches.map((m) => routerContext.routeModules[m.route.id]));
  if (document) {
    // A public document (ADR 035) hydrates only its islands, so the loader data the router would stream
    // into the page for its client runtime is never encoded: patches/react-router+8.4.0.patch makes
    // `serverHandoffStream` a getter that encodes on first read, and the document's context leaves it
    // out without reading it (a spread would). Without the patch the encoding has already started and
    // is cancelled here.
    const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(routerContext);
    const handoff = descriptors.serverHandoffStream;
    if (handoff && "value" in handoff) void (handoff.value as ReadableStream | undefined)?.cancel().catch(() => undefined);
    delete descriptors.serverHandoffStream;
    routerContext = Object.defineProperties({}, descriptors) as EntryContext;
    routerContext.manifest = documentManifest(routerContext);
  }
  // A document is sent whole, so its header and footer can be cut out and put back as stored HTML (ADR 060).
  const chrome = document ? new ChromeFragments(chromeStore) : null;
  // And so can its product cards (ADR 077), with the page's path as the router's location gives it.
  const { location } = routerContext.staticHandlerContext;
  const cards = document ? new CardFragments(cardStore, `${location.pathname}${location.search}`) : null;
  const app = (
    <I18nextProvider i18n={getInstance(loadContext)}>
      <ChromeFragmentsContext value={chrome}>
        <CardFragmentsContext value={cards}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CardFragmentsContext>
      </ChromeFragmentsContext>
    </I18nextProvider>
  );
  if (document) {
    // A document is sent whole (one body with a Content-Length, issue 17) and has no Suspense boundary
    // to stream past, so it is rendered as one string (ADR 076): the same HTML byte for byte as the
    // stream gave (which wrote the doctype itself), without the stream's chunking, UTF-8 encoding of
    // each chunk and Buffer concatenation — 3.5 → 2.6 ms of CPU an uncached product page. A render
    // error throws here, as the stream's shell error rejected, and the router renders the error page.
    const body = cards!.finish(Buffer.from(`<!DOCTYPE html>${renderToString(app)}`));
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(chrome ? chrome.finish(body) : body, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = (body: BodyInit) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        respond(createReadableStreamFromReadable(body));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
