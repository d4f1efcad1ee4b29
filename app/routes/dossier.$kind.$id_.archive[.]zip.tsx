import { telechargerDossier } from "~/.server/api-client.server";
import { loaderArchiveDossier } from "~/components/dossier/telechargement.server";

/**
 * `/dossier/{kind}/{id}/archive.zip` (spec §7 `GET /api/{kind}/{id}/dossier`,
 * §9 "request archive named by number and date"): the whole file as an
 * archive, streamed from the API with its headers (the API names it).
 * Staff only (spec §6 gate `staff`). A resource route: no page, the browser
 * downloads the answer.
 */
export const loader = loaderArchiveDossier(telechargerDossier, "archive");
