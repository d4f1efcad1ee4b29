import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth.server";

/**
 * `/mes-dossiers` (spec §2, managers only): the approval-requests tab is
 * the default one; the query string follows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "manager");
  throw redirect(`/mes-dossiers/demande${new URL(request.url).search}`);
}
