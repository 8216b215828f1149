/**
 * Keeps the hydrated areas' session fresh (app/lib/session-refresh.ts); a refused refresh revalidates
 * the page so it shows the signed-out state.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { keepSessionFresh } from "#app/lib/session-refresh.ts";

export { SESSION_REFRESH_MS } from "#app/lib/session-refresh.ts";

export function SessionKeeper({ signedIn }: { signedIn: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => (signedIn ? keepSessionFresh(() => void revalidator.revalidate()) : undefined), [signedIn, revalidator]);
  return null;
}
