import { telechargerPiecesJointes } from "~/.server/api-client.server";
import { loaderArchiveDossier } from "~/components/dossier/telechargement.server";

/**
 * `/dossier/{kind}/{id}/pieces-jointes.zip` (spec §7
 * `GET /api/{kind}/{id}/download-all-pj`): every attachment of the file in
 * one ZIP, streamed from the API with its headers. Staff only (spec §6
 * gate `staff`); the API decides which files this user may get. A resource
 * route: no page, the browser downloads the answer.
 */
export const loader = loaderArchiveDossier(telechargerPiecesJointes, "pieces-jointes");
