/** An icon from the SVG sprite (a fingerprinted asset, cached immutably). Decorative unless `title` is given. */
import spriteUrl from "../assets/sprite.svg?url";
import { ICON_NAMES, type IconName } from "../lib/icon-names.ts";

export { spriteUrl };

export function Icon({ name, size = 20, title, className }: { name: IconName; size?: number; title?: string; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      className={className ? `icon ${className}` : "icon"}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

/** An icon name stored in data (categories, service types), or "package" when the sprite lacks it. */
export const iconOf = (name: string | null): IconName =>
  (ICON_NAMES as readonly string[]).includes(name ?? "") ? (name as IconName) : "package";
