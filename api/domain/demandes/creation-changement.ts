/**
 * Whether an operator may create a notable change (spec §4 approval-level
 * action CREER_EXTENSION_PERIMETRE, §6 flag creation_extension_perimetre,
 * §7 GET /api/changement-notable/can/deposernouvelledemande; DESIGN §3
 * notable changes): the twin of `peutCreerDemande` for the other kind.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { PeutCreer } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { agrements, demandes, featureFlags } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { ETATS_AVANT_DECISION } from "../workflow.ts";
import { RAISONS_CREATION_IMPOSSIBLE } from "./creation.ts";

/** The flag behind the extension flow (spec §6). */
export const FLAG_CREATION_EXTENSION_PERIMETRE = "creation_extension_perimetre";

/** Why a notable change may not be created now (French, shown as is). */
export const RAISONS_CHANGEMENT_IMPOSSIBLE = {
  sansStructure: RAISONS_CREATION_IMPOSSIBLE.sansStructure,
  fermee: "Le dépôt de demandes de changement notable est momentanément fermé.",
  sansAgrement:
    "Votre structure n'a pas d'agrément en cours : une demande de changement notable ne peut porter que sur un agrément en cours.",
  enCours:
    "Votre structure a déjà une demande de changement notable en cours : une nouvelle demande ne peut être créée qu'après l'annulation ou la décision de la précédente.",
} as const;

/**
 * GET /api/changement-notable/can/deposernouvelledemande for an applicant:
 * `{ can: true }` only when his account has a company, the flag
 * `creation_extension_perimetre` is on, the company's approval is en_cours
 * ("has a current approval", spec §4: not suspended, withdrawn or expired)
 * and none of its notable changes is in progress (a draft or a deposited
 * change not decided yet, ETATS_AVANT_DECISION); otherwise false with the
 * first of these reasons that applies.
 */
export async function peutCreerChangementNotable(
  database: Database,
  utilisateur: UtilisateurConnecte,
): Promise<PeutCreer> {
  const { db } = database;
  const societeId = utilisateur.row.societeId;
  if (!societeId) return { can: false, raison: RAISONS_CHANGEMENT_IMPOSSIBLE.sansStructure };
  const [flag] = await db
    .select({ enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.name, FLAG_CREATION_EXTENSION_PERIMETRE));
  if (!flag?.enabled) return { can: false, raison: RAISONS_CHANGEMENT_IMPOSSIBLE.fermee };
  const [agrement] = await db
    .select({ id: agrements.id })
    .from(agrements)
    .where(and(eq(agrements.societeId, societeId), eq(agrements.etat, "en_cours")))
    .limit(1);
  if (!agrement) return { can: false, raison: RAISONS_CHANGEMENT_IMPOSSIBLE.sansAgrement };
  const [enCours] = await db
    .select({ id: demandes.id })
    .from(demandes)
    .where(
      and(
        eq(demandes.societeId, societeId),
        eq(demandes.kind, "changement-notable"),
        inArray(demandes.etat, [...ETATS_AVANT_DECISION]),
      ),
    )
    .limit(1);
  if (enCours) return { can: false, raison: RAISONS_CHANGEMENT_IMPOSSIBLE.enCours };
  return { can: true };
}
