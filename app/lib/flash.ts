/**
 * Flash messages (DESIGN §7): a one-time message carried across a redirect in the `flash` cookie
 * and shown as a toast on the next page (app/components/pwa/toaster.tsx). The cookie holds a message
 * key, not text, so the message appears in the language of the page it lands on; unknown keys are
 * dropped.
 */
import type { ToastTone } from "./pwa/toast.ts";

export const FLASH_MESSAGES = ["flash.externalRefused", "flash.signedIn", "flash.registered", "flash.signedOut"] as const;
export type FlashMessage = (typeof FLASH_MESSAGES)[number];

export interface Flash {
  message: FlashMessage;
  tone: ToastTone;
}

export const FLASH_COOKIE = "flash";

export function isFlash(value: unknown): value is Flash {
  const v = value as Flash | null;
  return (
    typeof v === "object" && v !== null && (FLASH_MESSAGES as readonly string[]).includes(v.message) && ["info", "success", "warning", "error"].includes(v.tone)
  );
}
