/** The icon names live in the contract (both tiers use them); re-exported for the web tier. */
export { ICON_NAMES, type IconName } from "#contract/icons.ts";
