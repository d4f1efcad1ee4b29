/**
 * What the staff file page (`/dossier/{kind}/{id}`, spec §2 "file detail")
 * reads from the API: the file and everything shown around it. Sections the
 * API refuses to this user (below 500) are left out rather than failing the
 * page; the file's own refusal is the page's.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  lireAgrement,
  lireHistorique,
  lireProcedure,
  lireProcedureEtp,
  listerDepartements,
  listerEtablissementsAgrementStaff,
  listerNotes,
  listerRegions,
  marquerNotesLues,
} from "~/.server/api-client.server";
import { chargerDossier } from "./dossier.server";
import type { NomsZones } from "./section-extension";

/** A refusal the page can do without (the section is then left out), not the whole page. */
function sansRefus<T>(secours: T) {
  return (error: unknown): T => {
    if (error instanceof ApiError && error.status < 500) return secours;
    throw error;
  };
}

/**
 * For a request that led to an approval: the approval's establishments and
 * the approval itself, for its annual activity reports by year (the
 * request's copy lists only the stored reports, GET /api/agrement/{id}
 * every year owed). Both null otherwise, or when refused.
 */
function lireAgrementAccorde(
  request: Request,
  context: AppLoadContext,
  kind: TypeDossier,
  demande: DemandeDetail,
) {
  return Promise.all([
    kind === "demande" && demande.agrement
      ? callEndpoint(request, context, listerEtablissementsAgrementStaff, {
          params: { id: demande.agrement.id },
        }).catch(sansRefus(null))
      : Promise.resolve(null),
    kind === "demande" && demande.agrement
      ? callEndpoint(request, context, lireAgrement, {
          params: { id: demande.agrement.id },
        }).catch(sansRefus(null))
      : Promise.resolve(null),
  ]);
}

/** A perimeter extension's content: the names of the régions and départements it asks for. */
async function lireNomsZones(request: Request, context: AppLoadContext): Promise<NomsZones> {
  const [regions, departements] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    callEndpoint(request, context, listerDepartements),
  ]);
  return {
    regions: Object.fromEntries(regions.map((zone) => [zone.code, zone.nom])),
    departements: Object.fromEntries(departements.map((zone) => [zone.code, zone.nom])),
  };
}

/**
 * Takes the file kind and id of the URL; returns the file (`GET
 * /api/{kind}/{id}`; the 404 page when unknown or not visible), its
 * attachment procedure and staffing labels (approval requests only), its
 * history, its internal notes (null when refused), the approval's
 * establishments and the approval (see {@link lireAgrementAccorde}), the
 * zone names of a perimeter extension, and the count of notes unread at
 * opening (`unreadNotifications.note`), which are then marked read
 * (`POST …/read?type=note`): the page shows that count once.
 */
export async function chargerDetailDossier(
  request: Request,
  context: AppLoadContext,
  kind: TypeDossier,
  id: string,
) {
  // The reads that do not need the file go out with it, not after it: an
  // unseen file answers 404 to each of them too, and its own refusal is the page's.
  const lectures = Promise.all([
    kind === "demande"
      ? callEndpoint(request, context, lireProcedure, { params: { id } })
      : Promise.resolve(null),
    kind === "demande"
      ? callEndpoint(request, context, lireProcedureEtp, { params: { id } }).catch(
          sansRefus(undefined),
        )
      : Promise.resolve(undefined),
    callEndpoint(request, context, lireHistorique, { params: { kind, id } }),
    callEndpoint(request, context, listerNotes, { params: { type: kind, id } }).catch(
      sansRefus(null),
    ),
  ]);
  // When the file itself is refused, these refusals are never awaited: not unhandled rejections.
  lectures.catch(() => undefined);
  const demande = await chargerDossier(request, context, kind, id);
  const [[procedure, procedureEtp, historique, notes], [etablissements, agrement]] =
    await Promise.all([lectures, lireAgrementAccorde(request, context, kind, demande)]);
  const nomsZones = kind === "changement-notable" ? await lireNomsZones(request, context) : null;
  const nonLues = notes ? demande.unreadNotifications.note : 0;
  if (nonLues > 0) {
    await callEndpoint(request, context, marquerNotesLues, {
      params: { type: kind, id },
      query: { type: "note" },
    }).catch(sansRefus(null));
  }
  return {
    demande,
    procedure,
    procedureEtp,
    historique,
    notes,
    nonLues,
    etablissements,
    agrement,
    nomsZones,
  };
}
