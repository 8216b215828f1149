/**
 * The locale cookie (spec §9): the bare language code ("en"), kept 365 days, written by the language
 * switcher (`/_locale`, app/routes/resources/set-locale.ts) and the settings page, read by the language segment's
 * loader to send the bare root `/` to the chosen language.
 */
import { parse, serialize } from "cookie";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "./i18n.ts";

/** The locale cookie holds the bare language code ("en"), readable by any client of the site. */
export const localeCookie = {
  serialize: (lang: string) =>
    serialize(LOCALE_COOKIE, lang, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: "lax",
      httpOnly: true,
      secure: process.env.NODE_ENV === "production",
    }),
  parse: (header: string | null): string | undefined => (header ? parse(header)[LOCALE_COOKIE] : undefined),
};
