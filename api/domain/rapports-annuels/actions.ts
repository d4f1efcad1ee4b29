/**
 * The approval-level actions on an annual activity report (spec §4
 * CREER_RAPPORT_ANNUEL, MODIFIER_RAPPORT_ANNUEL, DEPOSER_RAPPORT_ANNUEL;
 * spec §7 POST /api/agrement/{id}/action; ADR 0017): each checks the rules
 * of regles.ts (403 with their message), the step's schema of
 * contract/schemas/rapport-annuel.ts (422), the version (409), then writes
 * the report, its documents and one history row in one transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { MESSAGES_PJ } from "../../../contract/pieces-jointes.ts";
import {
  CODES_PJ_RAPPORT_ANNUEL,
  ETAPES_RAPPORT_ANNUEL,
  GROUPES_PJ_RAPPORT_ANNUEL,
  schemaCorpsActionRapport,
  schemaEtapeActivite,
  schemaEtapeChangements,
  schemaEtapeEffectifs,
  type ActionRapportAnnuel,
  type ContenuRapportAnnuel,
  type RapportAnnuel,
} from "../../../contract/schemas/rapport-annuel.ts";
import type { ApiConfig } from "../../config.ts";
import type { Database, Db } from "../../db/client.ts";
import { agrements, historique, piecesJointes, rapportsAnnuelsActivite } from "../../db/schema.ts";
import { LIBELLES_TYPES_ACCEPTES, ajouterPieceJointe } from "../pieces-jointes.ts";
import type { FichierRecu, FileStore } from "../../files/types.ts";
import { conflit, interdit, invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { parseOrThrow } from "../validation.ts";
import {
  departementsDuPerimetre,
  limiteModificationDe,
  piecesDuRapport,
  rapportDe,
  situationDe,
  versRapportAnnuel,
  type RapportRow,
} from "./lecture.ts";
import { MESSAGES_REFUS_RAPPORT, etatRapport, refusAction } from "./regles.ts";

type AgrementRow = typeof agrements.$inferSelect;

/** 409 of a stale `version`. */
export const MESSAGE_RAPPORT_MODIFIE =
  "Ce rapport annuel d'activité a été modifié entre-temps. Rechargez la page pour voir son état actuel.";
/** 422 of files sent with anything but step 3, or under a field that is no attachment type code. */
export const MESSAGE_FICHIER_HORS_ETAPE_3 =
  "Les documents se joignent à l'étape 3, dans la rubrique de leur question.";
/** 422 of a deposit before every step is saved (one line per missing step). */
export const messageEtapeManquante = (numero: number, titre: string) =>
  `Veuillez compléter l'étape ${numero} « ${titre} » avant de déposer le rapport.`;

/** A file of the post: the field it came under, its name, its received bytes (typed from them). */
export interface FichierPoste {
  champ: string;
  nom: string;
  recu: FichierRecu;
}

/** What the action needs besides the approval and the caller. */
export interface ContexteActionRapport {
  database: Database;
  fichiers: FileStore;
  config: Pick<ApiConfig, "uploadMaxFichiers" | "raaDateLimiteModification">;
  horloge: Horloge;
}

/** The 422 of attachment messages under `champ`. */
const erreurPieces = (champ: string, messages: string[]) =>
  invalide(messages.join("\n"), { champs: { [champ]: messages } });

/** One history row of the report (ressourceType "rapport-annuel"). */
async function journaliser(
  tx: Db,
  rapport: RapportRow,
  ecriture: {
    action: ActionRapportAnnuel;
    etatAvant: string | null;
    etatApres: string;
    acteurId: string;
    maintenant: Date;
    donnees: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(historique).values({
    ressourceType: "rapport-annuel",
    ressourceId: rapport.id,
    action: ecriture.action,
    etatAvant: ecriture.etatAvant,
    etatApres: ecriture.etatApres,
    acteurId: ecriture.acteurId,
    acteurRole: "demandeur",
    donnees: { annee: rapport.annee, ...ecriture.donnees },
    date: ecriture.maintenant,
  });
}

/**
 * Inside `tx`: locks the report row, checks it is still the one the rules
 * allowed (`action` re-decided on the locked row: two tabs at once) and
 * the `version` sent, if any.
 */
async function verrouiller(
  tx: Db,
  agrement: AgrementRow,
  annee: number,
  controle: {
    action: ActionRapportAnnuel;
    version: number | undefined;
    situation: Parameters<typeof situationDe>[3];
  },
): Promise<RapportRow> {
  const [rapport] = await tx
    .select()
    .from(rapportsAnnuelsActivite)
    .where(
      and(
        eq(rapportsAnnuelsActivite.agrementId, agrement.id),
        eq(rapportsAnnuelsActivite.annee, annee),
      ),
    )
    .for("update");
  const refus = refusAction(
    controle.action,
    situationDe(agrement, annee, rapport ?? null, controle.situation),
  );
  if (refus) throw interdit(refus);
  if (controle.version !== undefined && controle.version !== rapport!.version)
    throw conflit(MESSAGE_RAPPORT_MODIFIE);
  return rapport!;
}

/** Writes `contenu` (and `etat`, `dateDepot`) on `rapport`, bumping its version. */
async function ecrire(
  tx: Db,
  rapport: RapportRow,
  valeurs: Partial<Pick<RapportRow, "contenu" | "etat" | "dateDepot">>,
  maintenant: Date,
): Promise<void> {
  await tx
    .update(rapportsAnnuelsActivite)
    .set({
      ...valeurs,
      version: sql`${rapportsAnnuelsActivite.version} + 1`,
      dateModification: maintenant,
    })
    .where(eq(rapportsAnnuelsActivite.id, rapport.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `supprimer` field as a list of ids. */
function idsASupprimer(corps: Record<string, unknown>): string[] {
  const valeur = corps.supprimer;
  const liste = Array.isArray(valeur)
    ? valeur
    : valeur === undefined || valeur === ""
      ? []
      : [valeur];
  // Anything but a UUID names no document (and would not reach the uuid column).
  return liste.filter((id): id is string => typeof id === "string" && UUID.test(id));
}

/**
 * Runs the action posted by `utilisateur` on `agrement` (already checked
 * visible to him: 404 before) and returns the report as it stands after.
 * `corps`: `action`, `annee`, `etape` (MODIFIER_RAPPORT_ANNUEL), optional
 * `version`, the step's fields, and for step 3 `supprimer` (ids of
 * documents to remove); `fichiersPostes`: the files, under their type
 * code (step 3 only). Errors: 403 with the rule's message (not the
 * holder, nonApplicable, year not over, deadline of deposit or of
 * modification passed, already created or deposited, not created); 422
 * on the step's fields, on files (type from the bytes, too many, outside
 * step 3) and on a deposit before every step is saved; 409 on a stale
 * version.
 */
export async function executerActionRapport(
  contexte: ContexteActionRapport,
  utilisateur: UtilisateurConnecte,
  agrement: AgrementRow,
  corps: Record<string, unknown>,
  fichiersPostes: readonly FichierPoste[],
): Promise<RapportAnnuel> {
  const { database, config, horloge } = contexte;
  const entete = parseOrThrow(schemaCorpsActionRapport, corps);
  const { action, annee, version } = entete;
  const maintenant = horloge.now();
  const situation = { utilisateur, maintenant, limite: limiteModificationDe(config) };
  const existant = await rapportDe(database.db, agrement.id, annee);
  const refus = refusAction(action, situationDe(agrement, annee, existant, situation));
  if (refus) throw interdit(refus);

  const etape = action === "MODIFIER_RAPPORT_ANNUEL" ? entete.etape : undefined;
  const horsEtape3 = fichiersPostes.find(
    (fichier) => etape !== 3 || !CODES_PJ_RAPPORT_ANNUEL.includes(fichier.champ),
  );
  if (horsEtape3) throw erreurPieces(horsEtape3.champ, [MESSAGE_FICHIER_HORS_ETAPE_3]);
  const controle = { action, version, situation };

  if (action === "CREER_RAPPORT_ANNUEL") {
    await database.db.transaction(async (tx) => {
      const [cree] = await tx
        .insert(rapportsAnnuelsActivite)
        .values({
          agrementId: agrement.id,
          annee,
          etat: "nonDepose",
          contenu: {},
          dateCreation: maintenant,
          dateModification: maintenant,
        })
        .onConflictDoNothing()
        .returning();
      // Another tab created it meanwhile: the rule's own refusal.
      if (!cree) throw interdit(MESSAGES_REFUS_RAPPORT.dejaCree(annee));
      await journaliser(tx, cree, {
        action,
        etatAvant: null,
        etatApres: "nonDepose",
        acteurId: utilisateur.row.id,
        maintenant,
        donnees: {},
      });
    });
  } else if (action === "DEPOSER_RAPPORT_ANNUEL") {
    const manquantes = ETAPES_RAPPORT_ANNUEL.filter((e) => !existant!.contenu[e.cle]);
    if (manquantes.length)
      throw invalide(manquantes.map((e) => messageEtapeManquante(e.numero, e.titre)).join("\n"));
    await database.db.transaction(async (tx) => {
      const rapport = await verrouiller(tx, agrement, annee, controle);
      await ecrire(tx, rapport, { etat: "depose", dateDepot: maintenant }, maintenant);
      await journaliser(tx, rapport, {
        action,
        etatAvant: rapport.etat,
        etatApres: "depose",
        acteurId: utilisateur.row.id,
        maintenant,
        donnees: {},
      });
    });
  } else if (etape === 1 || etape === 2) {
    const contenuEtape: ContenuRapportAnnuel =
      etape === 1
        ? {
            effectifs: parseOrThrow(
              schemaEtapeEffectifs(
                (await departementsDuPerimetre(database.db, agrement.perimetre)).map((d) => d.code),
              ),
              corps,
            ),
          }
        : { activite: parseOrThrow(schemaEtapeActivite, corps) };
    await database.db.transaction(async (tx) => {
      const rapport = await verrouiller(tx, agrement, annee, controle);
      await ecrire(tx, rapport, { contenu: { ...rapport.contenu, ...contenuEtape } }, maintenant);
      await journaliser(tx, rapport, {
        action,
        etatAvant: rapport.etat,
        etatApres: rapport.etat,
        acteurId: utilisateur.row.id,
        maintenant,
        donnees: { etape },
      });
    });
  } else {
    await enregistrerEtape3(contexte, utilisateur, agrement, {
      corps,
      fichiersPostes,
      existant: existant!,
      controle,
      maintenant,
    });
  }
  return versRapportAnnuel(database, agrement, annee, situation);
}

/**
 * Step 3: the answers and the documents. Counts per type code the files
 * kept (those not in `supprimer`) plus those sent, checks the answers
 * with them ('Veuillez joindre au moins un fichier.' for a "oui" without
 * one), each file's type from its bytes and the per-code limit
 * (UPLOAD_MAX_FICHIERS); then, in one transaction, removes the documents
 * asked for and those of a question answered "non", stores the new ones
 * of the questions answered "oui", saves the answers.
 */
async function enregistrerEtape3(
  contexte: ContexteActionRapport,
  utilisateur: UtilisateurConnecte,
  agrement: AgrementRow,
  entree: {
    corps: Record<string, unknown>;
    fichiersPostes: readonly FichierPoste[];
    existant: RapportRow;
    controle: Parameters<typeof verrouiller>[3];
    maintenant: Date;
  },
): Promise<void> {
  const { database, fichiers, config } = contexte;
  const { corps, fichiersPostes, existant, controle, maintenant } = entree;
  const supprimer = idsASupprimer(corps);
  const gardees = (await piecesDuRapport(database.db, existant.id)).filter(
    (piece) => !supprimer.includes(piece.id),
  );
  const nombres: Record<string, number> = {};
  for (const code of CODES_PJ_RAPPORT_ANNUEL)
    nombres[code] =
      gardees.filter((piece) => piece.rubrique === code).length +
      fichiersPostes.filter((fichier) => fichier.champ === code).length;
  const changements = parseOrThrow(schemaEtapeChangements(nombres), corps);
  for (const fichier of fichiersPostes)
    if (fichier.recu.mimeType === null)
      throw erreurPieces(fichier.champ, [MESSAGES_PJ.type(LIBELLES_TYPES_ACCEPTES)]);
  for (const code of CODES_PJ_RAPPORT_ANNUEL)
    if (nombres[code] > config.uploadMaxFichiers) throw erreurPieces(code, [MESSAGES_PJ.trop]);

  // Codes of the questions answered "non": their documents go.
  const codesRetires = GROUPES_PJ_RAPPORT_ANNUEL.filter(
    (groupe) => !changements[groupe.question],
  ).flatMap((groupe) => groupe.values.map((valeur) => valeur.code as string));
  await database.db.transaction(async (tx) => {
    const rapport = await verrouiller(tx, agrement, existant.annee, controle);
    const conditionPieces = and(
      eq(piecesJointes.ressourceType, "rapport-annuel"),
      eq(piecesJointes.ressourceId, rapport.id),
    );
    if (supprimer.length)
      await tx
        .delete(piecesJointes)
        .where(and(conditionPieces, inArray(piecesJointes.id, supprimer)));
    if (codesRetires.length)
      await tx
        .delete(piecesJointes)
        .where(and(conditionPieces, inArray(piecesJointes.rubrique, codesRetires)));
    for (const fichier of fichiersPostes) {
      if (codesRetires.includes(fichier.champ)) continue;
      await ajouterPieceJointe(tx, fichiers, {
        ressourceType: "rapport-annuel",
        ressourceId: rapport.id,
        rubrique: fichier.champ,
        nom: fichier.nom,
        contenu: fichier.recu,
        mimeType: fichier.recu.mimeType!,
        deposeParId: utilisateur.row.id,
        date: maintenant,
      });
    }
    await ecrire(tx, rapport, { contenu: { ...rapport.contenu, changements } }, maintenant);
    await journaliser(tx, rapport, {
      action: "MODIFIER_RAPPORT_ANNUEL",
      etatAvant: rapport.etat,
      etatApres: etatRapport(agrement, rapport.annee, rapport),
      acteurId: utilisateur.row.id,
      maintenant,
      donnees: {
        etape: 3,
        fichiersAjoutes: fichiersPostes.length,
        fichiersSupprimes: supprimer.length,
      },
    });
  });
}
