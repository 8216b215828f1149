/**
 * Computes the device fingerprint on the sign-in pages (spec §7) and keeps it in the `fingerprint`
 * cookie, which the web tier forwards to the API's auth calls as the `fingerprint` header.
 * FingerprintJS (open-source) runs after the browser is idle or 500 ms, whichever is first; the
 * components spec §7 excludes are dropped (plugins, local storage, ad block, screen sizes, devices,
 * pixel ratio, do-not-track) and the user agent is reduced to OS, browser and engine names (bowser).
 * An existing cookie is kept: a changed value would no longer match the running session.
 */
import { useEffect } from "react";

const COOKIE = "fingerprint";
const EXCLUDED = [
  "plugins",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "openDatabase",
  "screenResolution",
  "screenFrame",
  "colorDepth",
  "touchSupport",
  "hdr",
  "monochrome",
  "contrast",
  "reducedMotion",
  "reducedTransparency",
  "invertedColors",
  "forcedColors",
  "audio",
  "audioBaseLatency",
  "domBlockers",
];
const START_FALLBACK_MS = 500;

export async function computeFingerprint(): Promise<string> {
  const [{ default: FingerprintJS }, { default: Bowser }] = await Promise.all([import("@fingerprintjs/fingerprintjs"), import("bowser")]);
  const agent = await FingerprintJS.load({ monitoring: false });
  const result = await agent.get();
  const components: Record<string, { value: unknown; duration: number }> = {
    ...(result.components as Record<string, { value: unknown; duration: number }>),
  };
  for (const name of EXCLUDED) delete components[name];
  const ua = Bowser.getParser(navigator.userAgent);
  components.userAgent = { value: `${ua.getOSName()}|${ua.getBrowserName()}|${ua.getEngineName()}`, duration: 0 };
  return FingerprintJS.hashComponents(components as Parameters<typeof FingerprintJS.hashComponents>[0]);
}

export function Fingerprint() {
  useEffect(() => {
    const existing = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
    if (existing) {
      // Written as SameSite=Strict by earlier versions: a visitor arriving from another site then sent
      // no fingerprint, and a session bound to one needs it on every refresh (review F14).
      const secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = `${existing}; Max-Age=31536000; Path=/; SameSite=Lax${secure}`;
      return;
    }
    let cancelled = false;
    const run = () => {
      if (cancelled) return;
      cancelled = true;
      computeFingerprint()
        .then((hash) => {
          const secure = location.protocol === "https:" ? "; Secure" : "";
          // Lax, not Strict: a refresh on a visitor's first navigation from another site needs it too.
          document.cookie = `${COOKIE}=${encodeURIComponent(hash)}; Max-Age=31536000; Path=/; SameSite=Lax${secure}`;
        })
        .catch(() => {
          // Without a fingerprint the session is bound to the coarse device only (ADR 008).
        });
    };
    const idle = "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: START_FALLBACK_MS }) : undefined;
    const timer = setTimeout(run, START_FALLBACK_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return null;
}
