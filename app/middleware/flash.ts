/**
 * Reads the flash cookie (app/lib/flash.ts) into the router context for the root loader, and clears
 * it on the response that shows it. `setFlashCookie` is for actions and redirects that leave a message.
 */
import { parse, serialize } from "cookie";
import { createContext, type MiddlewareFunction } from "react-router";
import { FLASH_COOKIE, isFlash, type Flash } from "../lib/flash.ts";

export const flashContext = createContext<Flash | null>(null);

const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: process.env.NODE_ENV === "production" };

/** A Set-Cookie value carrying `flash` for the next page (lives one minute at most). */
export function setFlashCookie(flash: Flash): string {
  return serialize(FLASH_COOKIE, JSON.stringify(flash), { ...cookieOptions, maxAge: 60 });
}

export function readFlash(cookieHeader: string | null): Flash | null {
  const raw = cookieHeader ? parse(cookieHeader)[FLASH_COOKIE] : undefined;
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return isFlash(value) ? value : null;
  } catch {
    return null;
  }
}

export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const flash = readFlash(request.headers.get("cookie"));
  context.set(flashContext, flash);
  const response = await next();
  if (flash && showsFlash(request, response))
    response.headers.append("Set-Cookie", serialize(FLASH_COOKIE, "", { ...cookieOptions, maxAge: 0 }));
  return response;
};

/** What renders the root loader's data: a page (HTML) or React Router's data (turbo-stream). */
const ROOT_RENDERING_TYPES = /^(?:text\/html|text\/x-script)\b/i;

/**
 * Whether `response` shows the page's flash message, so the cookie may be spent: a document or a
 * data request whose answer carries the root loader's data. Not a resource route's answer — an
 * upload's thumbnail (`/files/{id}?thumb=1`) fetched while the action's redirect is on its way took
 * the "logo saved" message with it — nor a redirect, nor a client navigation that skips the root
 * loader (`_routes` without "root").
 */
export function showsFlash(request: Request, response: Response): boolean {
  if (!ROOT_RENDERING_TYPES.test(response.headers.get("content-type") ?? "")) return false;
  const routes = new URL(request.url).searchParams.get("_routes");
  return routes === null || routes.split(",").includes("root");
}
