/**
 * Creating an approval request (DESIGN §3 first row; spec §5 "An applicant
 * may create a new request only if the server says so"; §7
 * can/deposernouvelledemande, POST /api/demande).
 */
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { EtatDemande } from "../../../contract/etats.ts";
import type { Etape1, PeutCreer } from "../../../contract/schemas/demande.ts";
import type { Database, Db } from "../../db/client.ts";
import { arretes, demandes, featureFlags, societes } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { conflit, interdit } from "../erreurs.ts";
import type { DemandeRow } from "../acces.ts";
import { historiserEnregistrement, verifierEtape1 } from "./etapes.ts";

/** States after which a company may file a new approval request. */
export const ETATS_SANS_DEMANDE_ACTIVE: readonly EtatDemande[] = [
  "annulee",
  "refusee",
  "rejetee_tacitement",
  "agrement_retire",
  "terminee",
];

export const FLAG_CREATION_DEMANDE = "creation_demande";

export const RAISONS_CREATION_IMPOSSIBLE = {
  sansStructure: "Votre compte n'est rattaché à aucune structure.",
  fermee: "Le dépôt de nouvelles demandes d'agrément est momentanément fermé.",
  active:
    "Votre structure a déjà une demande d'agrément en cours ou un agrément : une nouvelle demande ne peut être créée qu'après l'annulation ou la décision de la précédente.",
} as const;

async function evaluer(handle: Db, societeId: string | null): Promise<PeutCreer> {
  if (!societeId) return { can: false, raison: RAISONS_CREATION_IMPOSSIBLE.sansStructure };
  const [flag] = await handle
    .select({ enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.name, FLAG_CREATION_DEMANDE));
  if (!flag?.enabled) return { can: false, raison: RAISONS_CREATION_IMPOSSIBLE.fermee };
  const [active] = await handle
    .select({ id: demandes.id })
    .from(demandes)
    .where(
      and(
        eq(demandes.societeId, societeId),
        eq(demandes.kind, "demande"),
        notInArray(demandes.etat, [...ETATS_SANS_DEMANDE_ACTIVE]),
      ),
    )
    .limit(1);
  if (active) return { can: false, raison: RAISONS_CREATION_IMPOSSIBLE.active };
  return { can: true };
}

/**
 * GET /api/demande/can/deposernouvelledemande for an applicant: false with
 * a French reason when his account has no company, when the flag
 * `creation_demande` is off (or absent), or when his company already has a
 * request in any state but annulee, refusee, rejetee_tacitement,
 * agrement_retire and terminee.
 */
export function peutCreerDemande(
  database: Database,
  utilisateur: UtilisateurConnecte,
): Promise<PeutCreer> {
  return evaluer(database.db, utilisateur.row.societeId);
}

/**
 * Creates the draft from step 1 (already parsed): 403 unless the user is an
 * applicant, 409 with the reason when he may not create one (checked again
 * under a per-company lock, so two tabs cannot create two), 422 when the
 * commune does not match the postal code. Company name and SIREN come from
 * the company; the head office decides the service instructeur. Writes the
 * ENREGISTRE_BROUILLON_STEP_1 history row. Returns the new row.
 */
export async function creerDemande(
  database: Database,
  utilisateur: UtilisateurConnecte,
  etape1: Etape1,
  maintenant: Date,
): Promise<DemandeRow> {
  if (!utilisateur.roles.includes("demandeur")) throw interdit();
  const societeId = utilisateur.row.societeId;
  const siege = await verifierEtape1(database, etape1);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`demande:${societeId}`}))`);
    const verdict = await evaluer(tx, societeId);
    if (!verdict.can) throw conflit(verdict.raison!);
    const [societe] = await tx.select().from(societes).where(eq(societes.id, societeId!));
    const [arrete] = await tx
      .select({ id: arretes.id })
      .from(arretes)
      .where(eq(arretes.current, true))
      .limit(1);
    const [creee] = await tx
      .insert(demandes)
      .values({
        kind: "demande",
        societeId: societe.id,
        demandeurId: utilisateur.row.id,
        arreteId: arrete?.id ?? null,
        etat: "brouillon",
        contenu: { etape1 },
        etapesEnregistrees: [1],
        raisonSociale: societe.raisonSociale,
        siren: societe.siren,
        qualite: etape1.structureQualite,
        codeDepartement: siege.codeDepartement,
        codeRegion: siege.codeRegion,
        serviceInstructeurId: siege.serviceInstructeurId,
        dateCreation: maintenant,
        dateModification: maintenant,
      })
      .returning();
    await historiserEnregistrement(
      tx,
      creee,
      "ENREGISTRE_BROUILLON_STEP_1",
      utilisateur.row.id,
      maintenant,
      null,
    );
    return creee;
  });
}
