import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth.server";

/**
 * `/tous-les-dossiers` (spec §2, staff only): the approval-requests tab is
 * the default one; the query string follows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  throw redirect(`/tous-les-dossiers/demande${new URL(request.url).search}`);
}
