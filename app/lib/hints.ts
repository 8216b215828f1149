/**
 * Hover hints (spec §2, §9), browser side. Any element with `data-hint` and `aria-describedby`
 * naming a hidden `role="tooltip"` element (app/components/hint.tsx renders both, so screen readers
 * get the text as the element's description even before or without this script) shows that element:
 *
 * - after 50 ms of hover, or at once on keyboard focus; hidden on mouse leave, blur or Escape;
 * - below the element by default; when the element is under 80 px from the viewport's right edge,
 *   aligned to its right end so the hint extends leftwards; flipped to the right or the top when the
 *   bottom has no room (Floating UI's flip), then shifted to stay inside the viewport.
 *
 * One set of delegated listeners serves every hint, including elements rendered later. Floating UI is
 * loaded on first use (or when idle), so pages without hovering pay nothing for it.
 * The placement in use is written to `data-placement` on the hint.
 */
import type { Placement } from "@floating-ui/dom";

export const HINT_DELAY_MS = 50;
export const HINT_EDGE_PX = 80;
export const HINT_OFFSET_PX = 6;

let floating: Promise<typeof import("@floating-ui/dom")> | undefined;
const loadFloating = () => (floating ??= import("@floating-ui/dom"));

/** The placement to try first for an anchor whose right edge is at `anchorRight` in a viewport `viewportWidth` wide. */
export function preferredPlacement(anchorRight: number, viewportWidth: number): Placement {
  return viewportWidth - anchorRight < HINT_EDGE_PX ? "bottom-end" : "bottom";
}

function hintFor(anchor: Element): HTMLElement | null {
  const id = anchor.getAttribute("aria-describedby");
  const hint = id ? document.getElementById(id) : null;
  return hint?.getAttribute("role") === "tooltip" ? hint : null;
}

/** Installs the listeners once; returns a function that removes them. */
export function installHints(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: { anchor: Element; hint: HTMLElement; stop: () => void } | null = null;
  let pending: Element | null = null;

  const hide = () => {
    clearTimeout(timer);
    pending = null;
    if (!shown) return;
    shown.stop();
    shown.hint.hidden = true;
    shown.hint.classList.remove("hint-visible");
    shown = null;
  };

  const show = async (anchor: Element) => {
    const hint = hintFor(anchor);
    if (!hint || shown?.anchor === anchor) return;
    hide();
    pending = anchor;
    const { autoUpdate, computePosition, flip, offset, shift } = await loadFloating();
    if (pending !== anchor) return;
    pending = null;
    hint.hidden = false;
    hint.classList.add("hint-visible");
    const place = async () => {
      const placement = preferredPlacement(anchor.getBoundingClientRect().right, document.documentElement.clientWidth);
      // Only the main axis decides a flip; sideways overflow is shift's job.
      const position = await computePosition(anchor, hint, {
        placement,
        strategy: "fixed",
        middleware: [
          offset(HINT_OFFSET_PX),
          flip({ fallbackPlacements: ["right", "top", "top-end"], crossAxis: false }),
          shift({ padding: 8 }),
        ],
      });
      Object.assign(hint.style, { left: `${position.x}px`, top: `${position.y}px` });
      hint.dataset.placement = position.placement;
    };
    shown = { anchor, hint, stop: autoUpdate(anchor, hint, () => void place()) };
  };

  const anchorOf = (target: EventTarget | null) => (target instanceof Element ? target.closest("[data-hint]") : null);

  const onOver = (event: PointerEvent) => {
    const anchor = anchorOf(event.target);
    if (!anchor || shown?.anchor === anchor || pending === anchor) return;
    clearTimeout(timer);
    pending = anchor;
    timer = setTimeout(() => void show(anchor), HINT_DELAY_MS);
  };
  const onOut = (event: PointerEvent) => {
    const anchor = anchorOf(event.target);
    if (!anchor || anchor.contains(event.relatedTarget as Node | null)) return;
    if (document.activeElement === anchor && shown?.anchor === anchor) return;
    hide();
  };
  const onFocusIn = (event: FocusEvent) => {
    const anchor = anchorOf(event.target);
    if (anchor) void show(anchor);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (anchorOf(event.target)) hide();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") hide();
  };

  document.addEventListener("pointerover", onOver);
  document.addEventListener("pointerout", onOut);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  document.addEventListener("keydown", onKey);
  return () => {
    hide();
    document.removeEventListener("pointerover", onOver);
    document.removeEventListener("pointerout", onOut);
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", onFocusOut);
    document.removeEventListener("keydown", onKey);
  };
}

/** Fetches Floating UI ahead of the first hover (called when the browser is idle). */
export function preloadHints(): void {
  if (document.querySelector("[data-hint]")) void loadFloating();
}
