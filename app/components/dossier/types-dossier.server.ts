/**
 * The server side of the case types' description (ADR 0044): how each
 * type's procedure (rubrics, files, completeness, upload limits) is read.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import type { ProcedureDemande } from "#contract/schemas/demande";
import { procedureChangement } from "~/components/changement-notable/extension.server";
import { procedureDe } from "~/components/demande/formulaire/formulaire.server";

/**
 * `GET /api/demande/{id}/procedure` for an approval request,
 * `GET /api/changement-notable/procedure?type=extension_perimetre&id=…`
 * for a notable change: the same shape. Throws the API's errors (404 for
 * an unknown or foreign file).
 */
export const PROCEDURES: Record<
  TypeDossier,
  (request: Request, context: AppLoadContext, id: string) => Promise<ProcedureDemande>
> = {
  demande: procedureDe,
  "changement-notable": procedureChangement,
};
