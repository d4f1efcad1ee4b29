import { lireFiltresAgrements, versParamsAgrements } from "#contract/schemas/agrements-liste";
import { exporterAgrements } from "~/.server/api-client.server";
import { loaderExportListe } from "~/components/listes/export.server";

/**
 * `/agrements/export.csv?…` (spec §7 `GET /api/agrements/export`): the CSV
 * of the approvals list with the same filters, streamed
 * from the API to the browser as an attachment, never held in memory
 * here. Staff only; the API scopes the rows (DESIGN §4).
 */
export const loader = loaderExportListe(
  exporterAgrements,
  (params) => versParamsAgrements(lireFiltresAgrements(params), { page: 1 }),
  "agrements.csv",
);
