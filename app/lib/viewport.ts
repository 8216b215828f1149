/**
 * Device class from the window width (spec §9): breakpoints by min-width xs 320, sm 640, md 768,
 * lg 1024, xl 1280, 2xl 1440; a width below 320 px is still xs; unknown (no cookie, a bot) falls
 * back to desktop, mapped to lg. The class is kept in the `viewport` cookie (365 days, SameSite=Strict,
 * Secure in production) so the server renders the matching layout on the next request.
 */
export const BREAKPOINTS = [
  ["xs", 320],
  ["sm", 640],
  ["md", 768],
  ["lg", 1024],
  ["xl", 1280],
  ["2xl", 1440],
] as const;

export type DeviceClass = (typeof BREAKPOINTS)[number][0];

export const VIEWPORT_COOKIE = "viewport";
export const VIEWPORT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const FALLBACK_DEVICE_CLASS: DeviceClass = "lg";
/** Re-detection delay after the last resize event (spec §9), ms. */
export const RESIZE_DEBOUNCE_MS = 50;

export function isDeviceClass(value: unknown): value is DeviceClass {
  return typeof value === "string" && BREAKPOINTS.some(([name]) => name === value);
}

/** The largest breakpoint whose min-width is ≤ `width` (CSS px); xs below 320. */
export function deviceClassForWidth(width: number): DeviceClass {
  let found: DeviceClass = "xs";
  for (const [name, min] of BREAKPOINTS) if (width >= min) found = name;
  return found;
}

/** Phones and small tablets: the server renders the compact header (menu behind a disclosure). */
export function isCompact(deviceClass: DeviceClass): boolean {
  return deviceClass === "xs" || deviceClass === "sm";
}

/** Whether a Cookie header names a device class at all (else the server only guesses: FALLBACK_DEVICE_CLASS). */
export function hasDeviceClassCookie(header: string | null): boolean {
  if (!header) return false;
  return header.split(";").some((part) => {
    const [name, ...rest] = part.trim().split("=");
    return name === VIEWPORT_COOKIE && isDeviceClass(decodeURIComponent(rest.join("=")));
  });
}

/** The device class named by a Cookie header, or the desktop fallback (lg). */
export function deviceClassFromCookieHeader(header: string | null): DeviceClass {
  if (!header) return FALLBACK_DEVICE_CLASS;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === VIEWPORT_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return isDeviceClass(value) ? value : FALLBACK_DEVICE_CLASS;
    }
  }
  return FALLBACK_DEVICE_CLASS;
}

/** The `document.cookie` assignment for `deviceClass`; `secure` in production (spec §9). */
export function viewportCookie(deviceClass: DeviceClass, secure: boolean): string {
  return `${VIEWPORT_COOKIE}=${deviceClass}; Max-Age=${VIEWPORT_COOKIE_MAX_AGE}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * Browser only (spec §9): writes the device class to the `viewport` cookie now and 50 ms after the
 * last resize whenever it changed, so the server's next page fits the screen. Returns a stop function.
 */
export function trackViewport(secure: boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const detect = () => {
    const detected = deviceClassForWidth(window.innerWidth);
    if (deviceClassFromCookieHeader(document.cookie) !== detected || !document.cookie.includes(`${VIEWPORT_COOKIE}=`)) {
      document.cookie = viewportCookie(detected, secure);
    }
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(detect, RESIZE_DEBOUNCE_MS);
  };
  detect();
  window.addEventListener("resize", onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("resize", onResize);
  };
}
