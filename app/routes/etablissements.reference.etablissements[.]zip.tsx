import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/.server/api.server";
import { telechargerEtablissements } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { relayerExport } from "~/components/listes/export.server";

/**
 * `/etablissements/reference/etablissements.zip?startDate=JJ-MM-AAAA&endDate=…`
 * or `?raisonSociale=…` (spec §7 `GET /api/etablissements/telechargement`,
 * §9 `etablissements.zip`): the archive streamed from the API to the
 * browser as an attachment, never held in memory here. Central roles only;
 * the API writes the export history entry before sending. The page's
 * action checked the form; should the API still refuse (422: a company
 * without establishments, dates typed in the URL), the user is sent back
 * to the page with its message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "central");
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(
    ["startDate", "endDate", "raisonSociale"]
      .map((cle) => [cle, params.get(cle) ?? undefined] as const)
      .filter(([, valeur]) => valeur),
  );
  try {
    return await relayerExport(
      request,
      context,
      telechargerEtablissements,
      { query },
      "etablissements.zip",
      "application/zip",
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    return redirectWithToast(
      "/etablissements/reference",
      { type: "error", titre: "Téléchargement impossible", description: error.message },
      { request, context },
    );
  }
}
