/**
 * `POST /_currency` (form fields `currency`, `to`) — the display currency chooser's target (issue
 * 15): stores the choice in the `currency` cookie (365 days) and redirects back to `to` (same-site
 * paths only, as the language switcher). An unknown currency is ignored; a GET just goes home.
 */
import { serialize } from "cookie";
import { redirect } from "react-router";
import type { Route } from "./+types/set-currency";
import { CURRENCY_COOKIE, isCurrency } from "#contract/money.ts";
import { LOCALE_COOKIE_MAX_AGE } from "#app/lib/i18n.ts";
import { safeLocalPath } from "#app/lib/navigation-safety.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const currency = form.get("currency");
  const to = safeLocalPath(typeof form.get("to") === "string" ? (form.get("to") as string) : null) ?? "/";
  const headers = new Headers();
  if (isCurrency(currency)) {
    headers.append(
      "Set-Cookie",
      serialize(CURRENCY_COOKIE, currency, {
        path: "/",
        maxAge: LOCALE_COOKIE_MAX_AGE,
        sameSite: "lax",
        httpOnly: true,
        secure: process.env.NODE_ENV === "production",
      }),
    );
  }
  return redirect(to, { headers });
}

export function loader() {
  return redirect("/");
}
