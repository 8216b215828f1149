/**
 * Marks one element with a hover hint (spec §2): the element gets `data-hint`, keyboard focus (unless
 * it is focusable already or `focusable={false}`, e.g. inside a link) and `aria-describedby` naming
 * the hint, rendered hidden beside it with `role="tooltip"`. app/lib/hints.ts shows and places it.
 */
import { cloneElement, useId, type ReactElement } from "react";

type AnchorProps = { "data-hint"?: string; "aria-describedby"?: string; tabIndex?: number };

export function Hint({ text, children, focusable = true }: { text: string; children: ReactElement<AnchorProps>; focusable?: boolean }) {
  const id = `hint-${useId().replaceAll(":", "")}`;
  const anchor = cloneElement(children, {
    "data-hint": "",
    "aria-describedby": id,
    ...(focusable && children.props.tabIndex === undefined ? { tabIndex: 0 } : null),
  });
  return (
    <>
      {anchor}
      <span id={id} role="tooltip" className="hint" hidden>
        {text}
      </span>
    </>
  );
}
