import { Outlet } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";

export const handle: BreadcrumbHandle = { breadcrumb: "Établissements référencés" };

/**
 * `/referencement/*` (spec §2 "/referencement (guarded)"):
 * the parent of the list (`referencement._index`), the referencing form
 * (`referencement.nouveau`) and the detail by SIRET (`referencement.$siret`),
 * so that they share the "Établissements référencés" breadcrumb entry. Each
 * child's loader guards itself (a demandeur holding an approval).
 */
export default function Referencement() {
  return <Outlet />;
}
