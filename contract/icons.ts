/**
 * Names of the icons of the site's sprite: scripts/build-sprite.ts builds app/assets/sprite.svg from
 * this list (add a Lucide name here, then rerun it). In the contract because both tiers name icons:
 * the seed data and the admin forms of service types and categories.
 */
export const ICON_NAMES = [
  "search",
  "globe",
  "chevron-right",
  "chevron-down",
  "folder-tree",
  "file-text",
  "house",
  "package",
  "factory",
  "truck",
  "building-2",
  "tag",
  "external-link",
  "x",
  "menu",
  "info",
  "book-open",
  "list-tree",
  "languages",
  "arrow-right",
  "circle-alert",
  "barcode",
  "landmark",
  "ship",
  "download",
  "check",
  "wifi-off",
  "refresh-cw",
  "trash-2",
  "monitor-down",
  "bookmark-check",
  "star",
  "log-in",
  "log-out",
  "user",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
