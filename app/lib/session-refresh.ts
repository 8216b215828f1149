/**
 * Keeps an open tab's session fresh (spec §4), browser only: while someone is signed in,
 * `POST /session/refresh` every 1,500,000 ms (25 minutes, inside the access token's 30). When the
 * server answers `{ signedIn: false }` (the session ended elsewhere) `onSignedOut` runs: the hydrated
 * areas revalidate, a public document reloads. Offline attempts are skipped silently: the next page
 * load refreshes through the server instead. Returns a stop function.
 */
export const SESSION_REFRESH_MS = 1_500_000;

export function keepSessionFresh(onSignedOut: () => void): () => void {
  const timer = setInterval(() => {
    fetch("/session/refresh", { method: "POST", credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ signedIn?: boolean }>) : null))
      .then((body) => {
        if (body && body.signedIn === false) onSignedOut();
      })
      .catch(() => undefined);
  }, SESSION_REFRESH_MS);
  return () => clearInterval(timer);
}
