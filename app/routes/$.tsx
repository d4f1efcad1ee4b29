import type { MetaFunction } from "@remix-run/node";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/**
 * Any address no other route matches (spec §2 "anything else"): answers 404,
 * which the root ErrorBoundary renders as the "Page non trouvée" page inside
 * the layout.
 */
export function loader(): never {
  throw new Response("Page non trouvée", { status: 404, statusText: "Not Found" });
}

export const handle: BreadcrumbHandle = { breadcrumb: t("erreur.404.titre") };

/** Never rendered: the loader always throws; the root ErrorBoundary shows the page. */
export default function NotFound() {
  return null;
}

export const meta: MetaFunction = () => [{ title: pageTitle(t("erreur.404.titre")) }];
