import { Outlet } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";

export const handle: BreadcrumbHandle = { breadcrumb: "Créer un compte" };

/**
 * `/creation-compte/*` (spec §2 "Other screens: Account creation and its
 * success page"): the parent of the form (`creation-compte._index`), its
 * success page, the e-mail confirmation and the new-link form, so that they
 * share the "Créer un compte" breadcrumb entry. Public pages.
 */
export default function CreationCompte() {
  return <Outlet />;
}
