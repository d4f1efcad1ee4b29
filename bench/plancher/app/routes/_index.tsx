/**
 * The floor page: the `<body>` of the portal's /mentions-legales rendered
 * through React from a static loader (no session, API or database).
 */
import { useLoaderData } from "@remix-run/react";
import { rendre } from "../rendu";

/** Static data, as small as the portal's page needs none. */
export function loader() {
  return { page: "mentions-legales" };
}

/** The captured body. */
export default function Page() {
  useLoaderData<typeof loader>();
  return <>{rendre(__PAGE_PLANCHER__.body)}</>;
}
