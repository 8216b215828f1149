/** Labels of the units of measure the catalogue stores as ids ("t", "pcs", …): contract/format.ts `unitLabel`. */
export { unitLabel } from "#contract/format.ts";
