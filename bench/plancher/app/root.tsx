/**
 * The floor app's document: the `<head>` and `<html>` attributes of the
 * portal's /mentions-legales, then Remix's own links and scripts (the
 * portal's are left out of the capture), the page in the Outlet.
 */
import { Links, Outlet, Scripts } from "@remix-run/react";
import { rendre } from "./rendu";

/** The document around the route. */
export default function App() {
  return (
    <html {...__PAGE_PLANCHER__.html}>
      <head>
        {rendre(__PAGE_PLANCHER__.head)}
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
