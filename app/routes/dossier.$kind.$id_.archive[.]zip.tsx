import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth.server";
import { urlDossier } from "~/components/dossier/actions";
import { telechargerDossier } from "~/.server/api-client.server";
import { cibleDossier } from "~/components/dossier/dossier.server";
import { transmettreTelechargement } from "~/components/dossier/telechargement.server";

/**
 * `/dossier/{kind}/{id}/archive.zip` (spec §7 `GET /api/{kind}/{id}/dossier`,
 * §9 "request archive named by number and date"): the whole file as an
 * archive, streamed from the API with its headers (the API names it).
 * Staff only (spec §6 gate `staff`). A resource route: no page, the browser
 * downloads the answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  return transmettreTelechargement(
    request,
    context,
    telechargerDossier,
    { kind, id },
    `${urlDossier(kind, id)}/archive/introuvable`,
  );
}
