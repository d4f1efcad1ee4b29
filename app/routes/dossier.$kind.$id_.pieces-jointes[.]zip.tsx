import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth.server";
import { urlDossier } from "~/components/dossier/actions";
import { telechargerPiecesJointes } from "~/.server/api-client.server";
import { cibleDossier } from "~/components/dossier/dossier.server";
import { transmettreTelechargement } from "~/components/dossier/telechargement.server";

/**
 * `/dossier/{kind}/{id}/pieces-jointes.zip` (spec §7
 * `GET /api/{kind}/{id}/download-all-pj`): every attachment of the file in
 * one ZIP, streamed from the API with its headers. Staff only (spec §6
 * gate `staff`); the API decides which files this user may get. A resource
 * route: no page, the browser downloads the answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  return transmettreTelechargement(
    request,
    context,
    telechargerPiecesJointes,
    { kind, id },
    `${urlDossier(kind, id)}/pieces-jointes/introuvable`,
  );
}
