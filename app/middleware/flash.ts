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
  // A client navigation may skip the root loader (`_routes` without "root"): keep the message for it.
  const routes = new URL(request.url).searchParams.get("_routes");
  const shown = routes === null || routes.split(",").includes("root");
  if (flash && shown) response.headers.append("Set-Cookie", serialize(FLASH_COOKIE, "", { ...cookieOptions, maxAge: 0 }));
  return response;
};
