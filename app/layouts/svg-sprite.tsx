/** svg-sprite layout (spec §2): a bare page with the sprite inlined, for inspecting icons. */
import { Outlet } from "react-router";

export default function SvgSpriteLayout() {
  return (
    <div className="layout-sprite">
      <Outlet />
    </div>
  );
}
