/**
 * ENREGISTRER_BROUILLON of a perimeter extension (spec §3 Perimeter form,
 * §5 Perimeter and Numbers; ADR 0020): step 1 (the perimeter to add) or
 * step 2 (its staffing), saved in `contenu.extension` with a history row,
 * guarded by the version seen (409).
 */
import { eq, inArray } from "drizzle-orm";
import { couvre } from "../../../contract/perimetre.ts";
import {
  MESSAGES_EXTENSION,
  schemaEtapeEnregistree,
  schemaEtapeExtension1,
  schemaEtapeExtension2,
  type ContenuExtension,
  type EtapeExtension1,
  type PerimetreExtension,
} from "../../../contract/schemas/changement-notable.ts";
import type { Etape2 } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { agrements, departements } from "../../db/schema.ts";
import type { DemandeRow } from "../acces.ts";
import { introuvable } from "../erreurs.ts";
import { parseOrThrow } from "../validation.ts";
import type { ContexteAction } from "../demandes/contexte-action.ts";
import { acteurDe } from "../demandes/ecriture-action.ts";
import { ErreursChamps } from "../demandes/erreurs.ts";
import { verifierEtape2 } from "../demandes/etapes.ts";
import { ecrireTransition } from "../demandes/transition.ts";
import { contenuExtensionDe } from "./contenu.ts";
import { ETAPE_VALIDEE } from "./procedure.ts";

/** The perimeter of an approval, by codes. */
type PerimetreAgrement = (typeof agrements.$inferSelect)["perimetre"];

/** The approval `demande` extends (404 when it is gone, which only a broken row can cause). */
export async function agrementEtendu(database: Database, demande: Pick<DemandeRow, "agrementId">) {
  if (!demande.agrementId) throw introuvable();
  const [agrement] = await database.db
    .select()
    .from(agrements)
    .where(eq(agrements.id, demande.agrementId));
  if (!agrement) throw introuvable();
  return agrement;
}

/**
 * Checks step 1 against the geography as step 2 of an approval request
 * does (api/domain/demandes/etapes.ts `verifierEtape2`: unknown codes,
 * communes outside the chosen régions and départements, départements of a
 * chosen région dropped), then against the approval's perimeter: a région
 * it holds → 422 on `regions`, a département it covers (itself or through
 * its région) → 422 on `departements`, with the texts of
 * MESSAGES_EXTENSION. Returns the perimeter to store; nothing is written.
 */
export async function verifierPerimetreExtension(
  database: Database,
  perimetreAgrement: PerimetreAgrement,
  saisie: EtapeExtension1,
): Promise<PerimetreExtension> {
  const verifie = await verifierEtape2(database, saisie as unknown as Etape2);
  const erreurs = new ErreursChamps();
  for (const region of verifie.regions)
    if (couvre({ regions: perimetreAgrement.regions }, { region }))
      erreurs.ajouter("regions", MESSAGES_EXTENSION.regionDejaCouverte);
  const regionsDe = verifie.departements.length
    ? await database.db
        .select({ code: departements.code, codeRegion: departements.codeRegion })
        .from(departements)
        .where(inArray(departements.code, verifie.departements))
    : [];
  for (const departement of regionsDe)
    if (
      couvre(
        { regions: perimetreAgrement.regions, departements: perimetreAgrement.departements },
        { region: departement.codeRegion, departement: departement.code },
      )
    )
      erreurs.ajouter("departements", MESSAGES_EXTENSION.departementDejaCouvert);
  erreurs.verifier();
  return {
    regions: verifie.regions,
    departements: verifie.departements,
    epcis: verifie.epcis,
    communes: verifie.communes,
    ...(verifie.precisions ? { precisions: verifie.precisions } : {}),
  };
}

/**
 * Handler of ENREGISTRER_BROUILLON (brouillon → brouillon, demandeur):
 * reads `etape` (422 on `etape` otherwise), then step 1
 * (`schemaEtapeExtension1` + {@link verifierPerimetreExtension}) or step 2
 * (`schemaEtapeExtension2`), 422 by field before anything is written.
 * Saves the step in `contenu.extension`, marks it saved and withdraws a
 * previous validation (step 3: VALIDER_DEPOSER must be done again), with
 * the ENREGISTRER_BROUILLON history row (`donnees.etape`), only if the
 * extension is still the version loaded (409 otherwise).
 */
export async function enregistrerBrouillonExtension(contexte: ContexteAction): Promise<void> {
  const { deps, demande, corps, maintenant } = contexte;
  const etape = Number(parseOrThrow(schemaEtapeEnregistree, corps).etape) as 1 | 2;
  const contenu: ContenuExtension = { ...contenuExtensionDe(demande) };
  if (etape === 1) {
    const saisie = parseOrThrow(schemaEtapeExtension1, corps);
    const agrement = await agrementEtendu(deps.database, demande);
    contenu.perimetre = await verifierPerimetreExtension(deps.database, agrement.perimetre, saisie);
  } else {
    const saisie = parseOrThrow(schemaEtapeExtension2, corps);
    contenu.effectifs = {
      nbEtpPerimetre: saisie.nb_etp_perimetre,
      nbEtpAccompagnementPerimetre: saisie.nb_etp_accomp_perimetre,
    };
  }
  const etapes = [
    ...new Set([...demande.etapesEnregistrees.filter((e) => e !== ETAPE_VALIDEE), etape]),
  ].sort();
  await deps.database.db.transaction(async (tx) => {
    await ecrireTransition(tx, {
      demande,
      action: "ENREGISTRER_BROUILLON",
      etatApres: demande.etat as "brouillon",
      changements: {
        contenu: { ...(demande.contenu ?? {}), extension: contenu },
        etapesEnregistrees: etapes,
      },
      acteur: acteurDe(contexte),
      maintenant,
      donnees: { etape },
    });
  });
}
