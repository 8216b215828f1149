/**
 * Flash messages of the supplier's product pages (app/lib/flash.ts accepts these keys; texts under
 * `profileProducts.flash.*` in locales). Kept apart from the forms so the flash list stays light.
 */
export const PRODUCT_FLASH_MESSAGES = [
  "profileProducts.flash.created",
  "profileProducts.flash.saved",
  "profileProducts.flash.savedPending",
  "profileProducts.flash.unchanged",
  "profileProducts.flash.submitted",
  "profileProducts.flash.withdrawn",
  "profileProducts.flash.deleted",
  "profileProducts.flash.pricesSaved",
  "profileProducts.flash.filesAdded",
  "profileProducts.flash.fileRemoved",
  "profileProducts.flash.fileMoved",
  // Price lists (issue 15).
  "priceLists.flash.uploaded",
  "priceLists.flash.mapped",
  "priceLists.flash.queued",
] as const;
