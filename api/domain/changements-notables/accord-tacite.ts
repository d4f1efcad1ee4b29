/**
 * Tacit acceptance of a perimeter extension (DESIGN §5 "notable change: 2
 * months of silence → accordee_tacitement"; ADR 0021), swept by the job
 * `accord-tacite-extensions` (api/jobs/taches.ts) every 15 minutes with
 * the API clock. Idempotent: a second run finds nothing left, and two
 * instances at once accept once (the transition's guarded UPDATE lets one
 * win, the other gets 409 and skips).
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { dateLimiteAcceptationTacite, instructionExpiree } from "../../../contract/delais.ts";
import type { EtatDemande } from "../../../contract/etats.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import { demandes } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import { createFileStore } from "../../files/store.ts";
import type { FileStore } from "../../files/types.ts";
import { executerTravauxDe } from "../travaux-apres-validation.ts";
import { ressourceDemande } from "../travaux.ts";
import { genererAvisAccordTacite } from "../../pdf/courriers-extension.ts";
import type { DemandeRow } from "../acces.ts";
import type { DepsEcheances } from "../demandes/echeances.ts";
import { ajouterInfoComplementaire } from "../demandes/ecriture-action.ts";
import { nommerPerimetre } from "../demandes/perimetre.ts";
import { ecrireTransition } from "../demandes/transition.ts";
import { ErreurDomaine } from "../erreurs.ts";
import { planifierNotification } from "../notifications.ts";
import { TRANSITIONS } from "../workflow.ts";
import { designerDecisionExtension } from "./decision.ts";
import {
  agrementEtendu,
  destinataireExtension,
  etendrePerimetre,
  perimetreDemande,
} from "./effets-extension.ts";

/** Rubric of the tacit-acceptance notice among the extension's attachments. */
export const RUBRIQUE_AVIS_ACCORD_TACITE = "decision_accord_tacite";

/** Reason shown to the applicant (info complémentaire `accord_tacite`). */
export const RAISON_ACCORD_TACITE =
  "Sans décision dans le délai de deux mois suivant le dépôt, l'extension du périmètre d'intervention est accordée tacitement.";

/** The states ACCORD_TACITE starts from: the table's row (deposited, no decision yet). */
function etatsAccordTacite(): EtatDemande[] {
  const ligne = TRANSITIONS.find((row) => row.action === "ACCORD_TACITE");
  if (!ligne || ligne.from === "creation") throw new Error("Aucune transition ACCORD_TACITE");
  return [...ligne.from];
}

/**
 * Last day of the two-month clock of a deposited extension: its
 * `dateLimiteInstruction` (written at deposit, pushed back by each
 * suspension as for a request: api/domain/demandes/suspension.ts), or,
 * when the deposit left none, the deposit's Europe/Paris date plus two
 * calendar months (contract/delais.ts `dateLimiteAcceptationTacite`).
 */
export function limiteAccordTacite(
  extension: Pick<DemandeRow, "dateLimiteInstruction" | "dateDepot">,
): string | null {
  if (extension.dateLimiteInstruction) return extension.dateLimiteInstruction;
  return extension.dateDepot ? dateLimiteAcceptationTacite(extension.dateDepot) : null;
}

/**
 * Whether `extension` is accepted by silence at `maintenant`: deposited, not
 * decided, its clock not suspended (a completeness or complement request
 * pending) and its last day over (Europe/Paris).
 */
export function estAccordeeTacitement(
  extension: Pick<DemandeRow, "etat" | "dateLimiteInstruction" | "dateDepot" | "suspenduDepuis">,
  maintenant: Date,
): boolean {
  if (!etatsAccordTacite().includes(extension.etat as EtatDemande)) return false;
  if (extension.suspenduDepuis) return false;
  const limite = limiteAccordTacite(extension);
  return limite !== null && instructionExpiree(limite, aujourdhuiParis(maintenant));
}

/**
 * Job: every perimeter extension accepted by silence
 * ({@link estAccordeeTacitement}) moves to accordee_tacitement, in one
 * transaction each: the ACCORD_TACITE history row by the system (last day,
 * perimeters before and after in `donnees`), dateAvisDecideur, the
 * approval's perimeter grown by the extension's (the former one in
 * `contenu.perimetreAvant`), the tacit-acceptance notice PDF as decision
 * document, an info `accord_tacite`, and the mails as post-commit work:
 * the applicant (the transition's) and the assigned instructor or the
 * service's mailbox (`accord_tacite_service`), each once, preferences
 * honoured. Returns how many extensions it accepted.
 */
export async function accorderExtensionsTacitement(
  deps: DepsEcheances & { fichiers?: FileStore },
): Promise<number> {
  const { database, horloge } = deps;
  const maintenant = horloge.now();
  const fichiers =
    deps.fichiers ??
    createFileStore({ dataDir: deps.config.dataDir, s3: deps.config.s3, logger: deps.logger });
  const candidates = await database.db
    .select()
    .from(demandes)
    .where(
      and(
        eq(demandes.kind, "changement-notable"),
        inArray(demandes.etat, etatsAccordTacite()),
        isNull(demandes.suspenduDepuis),
        isNotNull(demandes.dateDepot),
      ),
    );
  let accordees = 0;
  for (const extension of candidates) {
    if (!estAccordeeTacitement(extension, maintenant)) continue;
    const dateLimite = limiteAccordTacite(extension)!;
    try {
      await database.db.transaction(async (tx) => {
        const agrement = await agrementEtendu(tx, extension);
        const { demande: accordee, historiqueId } = await ecrireTransition(tx, {
          demande: extension,
          action: "ACCORD_TACITE",
          etatApres: "accordee_tacitement",
          changements: { dateAvisDecideur: maintenant, dateEcheance: null },
          acteur: { id: null, role: "systeme" },
          maintenant,
          donnees: {
            dateLimite,
            agrementId: agrement.id,
            perimetreAjoute: perimetreDemande(extension),
          },
        });
        await etendrePerimetre(tx, accordee, agrement, maintenant);
        const contenu = await genererAvisAccordTacite({
          ...(await destinataireExtension(tx, accordee, agrement)),
          dateLimite,
          perimetreAjoute: await nommerPerimetre(tx, perimetreDemande(extension)),
          date: maintenant,
        });
        const piece = await ajouterPieceJointe(tx, fichiers, {
          ressourceType: accordee.kind,
          ressourceId: accordee.id,
          rubrique: RUBRIQUE_AVIS_ACCORD_TACITE,
          nom: `avis-accord-tacite-${accordee.numeroDossier ?? accordee.id}.pdf`,
          contenu,
          mimeType: "application/pdf",
          deposeParId: null,
          historiqueId,
          date: maintenant,
        });
        await designerDecisionExtension(tx, accordee.id, piece);
        await ajouterInfoComplementaire(tx, accordee, {
          infoType: "accord_tacite",
          raison: RAISON_ACCORD_TACITE,
          historiqueId,
          date: maintenant,
        });
        await planifierNotification(
          tx,
          { type: "accord_tacite_service", demande: accordee },
          maintenant,
        );
      });
    } catch (error) {
      // A decision or another instance got there first: nothing left to do.
      if (error instanceof ErreurDomaine && error.nature === "conflit") continue;
      throw error;
    }
    accordees += 1;
    await executerTravauxDe(deps, ressourceDemande(extension.id));
  }
  return accordees;
}
