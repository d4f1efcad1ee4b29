import {
  lireFiltresEtablissements,
  versParamsEtablissements,
} from "#contract/schemas/etablissements-liste";
import { exporterEtablissements } from "~/.server/api-client.server";
import { loaderExportListe } from "~/components/listes/export.server";

/**
 * `/etablissements/liste/export.csv?…` (spec §7 `GET /api/etablissements/export`,
 * §9 `EtablissementsReferences.csv`): the CSV of the list with the same
 * filters, streamed from the API to the browser as an attachment, never
 * held in memory here. Staff only; the API scopes the rows.
 */
export const loader = loaderExportListe(
  exporterEtablissements,
  (params) => versParamsEtablissements(lireFiltresEtablissements(params), { page: 1 }),
  "EtablissementsReferences.csv",
);
