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

/**
 * Never rendered (the loader always throws), but its presence makes this a
 * page and not a resource route: a refusal (403) or an error is shown as
 * the portal's error page by the root ErrorBoundary, not as bare text.
 */
export default function Redirection() {
  return null;
}
