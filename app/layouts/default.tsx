/** Default layout: header, the page, footer. */
import { Outlet } from "react-router";
import { SiteFooter, SiteHeader } from "../components/site-chrome.tsx";

export default function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
