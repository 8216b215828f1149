/**
 * Keeps an open tab's session fresh (spec §4): while someone is signed in, POST /session/refresh
 * every 1,500,000 ms (25 minutes, inside the access token's 30). A refused refresh revalidates the
 * page so it shows the signed-out state.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export const SESSION_REFRESH_MS = 1_500_000;

export function SessionKeeper({ signedIn }: { signedIn: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      fetch("/session/refresh", { method: "POST", credentials: "same-origin" })
        .then((response) => (response.ok ? (response.json() as Promise<{ signedIn?: boolean }>) : null))
        .then((body) => {
          if (body && body.signedIn === false) void revalidator.revalidate();
        })
        .catch(() => {
          // Offline: the next page load refreshes through the server instead.
        });
    }, SESSION_REFRESH_MS);
    return () => clearInterval(timer);
  }, [signedIn, revalidator]);
  return null;
}
