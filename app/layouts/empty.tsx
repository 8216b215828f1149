/** Empty layout (spec §2): the page alone, for focused flows such as sign-in. */
import { Outlet } from "react-router";

export default function EmptyLayout() {
  return (
    <div className="layout-empty">
      <Outlet />
    </div>
  );
}
