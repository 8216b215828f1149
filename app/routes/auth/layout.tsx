/** `/auth`: the sign-in section's frame; its steps are the index (address), `code` and `registration`. */
import { Outlet } from "react-router";
import { Fingerprint } from "./components/fingerprint.tsx";

export default function AuthLayout() {
  return (
    <main id="main" className="page auth-page">
      <div className="auth-card card">
        <Outlet />
      </div>
      <Fingerprint />
    </main>
  );
}
