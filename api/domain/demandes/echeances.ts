/**
 * Deadline sweeps of requests (DESIGN §5), run by the jobs of
 * api/jobs/taches.ts every 15 minutes; the deadlines themselves (lengths,
 * references, Europe/Paris dates) are those of contract/delais.ts. Each is
 * idempotent: a second run finds nothing left to do, and two instances
 * sweeping at once do the work once (the transition's guarded UPDATE lets
 * one win, the other gets 409 and skips; the expiry alert is claimed by
 * flipping its flag). Mails are written as post-commit work in the same
 * transaction (ADR 0011) and sent right after the commit, or retried by the
 * outbox's job.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { ActionDemande, EtatDemande } from "../../../contract/etats.ts";
import { DELAIS, finSuspension, horizonExpireBientot } from "../../../contract/delais.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Db } from "../../db/client.ts";
import { demandes, infosComplementaires, proceduresAgrement } from "../../db/schema.ts";
import { ErreurDomaine } from "../erreurs.ts";
import { reafficherEtablissements } from "../etablissements/regles.ts";
import type { DependancesDomaine } from "../dependances.ts";
import { executerTravauxDe } from "../travaux-apres-validation.ts";
import { ressourceDemande } from "../travaux.ts";
import type { Horloge } from "../horloge.ts";
import { planifierNotification } from "../notifications.ts";
import { ETATS_DEPOSES_SANS_DECISION, TRANSITIONS } from "../workflow.ts";
import { estExpireBientot } from "./delais.ts";
import { changerEtatAgrement } from "./procedures-agrement.ts";
import { ecrireTransition } from "./transition.ts";
import { retablirAttestation } from "./avis-annulation-suspension.ts";

/** What a sweep needs: the database, the clock, and what sending mails takes. */
export type DepsEcheances = Pick<
  DependancesDomaine,
  "database" | "mailer" | "logger" | "config"
> & {
  horloge: Horloge;
};

/** `complement` of a request whose answer deadline passed (spec §4 supplement states). */
export const COMPLEMENT_DELAI_DEPASSE = "complement_demande_delai_depasse";

/** The states the system row of `action` starts from (DESIGN §3 table: one place for the rule). */
function etatsDeDepart(action: ActionDemande): EtatDemande[] {
  const ligne = TRANSITIONS.find((row) => row.action === action && row.roles.includes("systeme"));
  if (!ligne || ligne.from === "creation") throw new Error(`Aucune transition système ${action}`);
  return [...ligne.from];
}

/**
 * Flags every request in a start state of `action` whose answer deadline
 * (`dateEcheance`, Europe/Paris date) is before today and not flagged yet:
 * the transition `action` by the system (same state, one history row),
 * `complement` = complement_demande_delai_depasse, and the pending
 * complementary-information row (deadline, no answer) `delaiDepasse`.
 * The applicant's mail is written with the transition and sent after the
 * commit. Returns how many requests it flagged.
 */
async function signalerDelaisDepasses(
  deps: DepsEcheances,
  action: "DELAIS_COMPLETUDE_DEPASSE" | "DELAIS_AJOUT_PJ_DEPASSE",
): Promise<number> {
  const { database, horloge } = deps;
  const maintenant = horloge.now();
  const echues = await database.db
    .select()
    .from(demandes)
    .where(
      and(
        inArray(demandes.etat, etatsDeDepart(action)),
        isNotNull(demandes.dateEcheance),
        // echeanceDepassee (contract/delais.ts) in SQL: the deadline day is still in time.
        lt(demandes.dateEcheance, aujourdhuiParis(maintenant)),
        sql`${demandes.complement} is distinct from ${COMPLEMENT_DELAI_DEPASSE}`,
      ),
    );
  let traitees = 0;
  for (const demande of echues) {
    try {
      await database.db.transaction(async (tx) => {
        await ecrireTransition(tx, {
          demande,
          action,
          etatApres: demande.etat as EtatDemande,
          changements: { complement: COMPLEMENT_DELAI_DEPASSE },
          acteur: { id: null, role: "systeme" },
          maintenant,
        });
        await tx
          .update(infosComplementaires)
          .set({ delaiDepasse: true })
          .where(
            and(
              eq(infosComplementaires.ressourceType, demande.kind),
              eq(infosComplementaires.ressourceId, demande.id),
              isNotNull(infosComplementaires.dateEcheance),
              isNull(infosComplementaires.dateReponse),
              eq(infosComplementaires.delaiDepasse, false),
            ),
          );
      });
    } catch (error) {
      // Someone got there first (another instance, or the applicant's answer): nothing to do.
      if (error instanceof ErreurDomaine && error.nature === "conflit") continue;
      throw error;
    }
    traitees += 1;
    await executerTravauxDe(deps, ressourceDemande(demande.id));
  }
  return traitees;
}

/** Job: completeness answers overdue → DELAIS_COMPLETUDE_DEPASSE (requests `incomplete`). */
export function signalerDelaisCompletudeDepasses(deps: DepsEcheances): Promise<number> {
  return signalerDelaisDepasses(deps, "DELAIS_COMPLETUDE_DEPASSE");
}

/** Job: complement answers overdue → DELAIS_AJOUT_PJ_DEPASSE (the three `…_complement_demande` states). */
export function signalerDelaisComplementDepasses(deps: DepsEcheances): Promise<number> {
  return signalerDelaisDepasses(deps, "DELAIS_AJOUT_PJ_DEPASSE");
}

/**
 * Job: every deposited, undecided approval request whose 3-month clock ends within
 * JOURS_EXPIRE_BIENTOT days (contract/delais.ts, estExpireBientot) and whose alert was
 * not sent yet: flips `alerteExpirationEnvoyee` (the claim: only the sweep
 * that flips it mails) and mails the assigned instructor, or the service's
 * mailbox when nobody is assigned. No state change; the request's version
 * stays. Returns how many alerts it sent.
 */
export async function alerterExpirationsProches(deps: DepsEcheances): Promise<number> {
  const { database, horloge } = deps;
  const maintenant = horloge.now();
  const aujourdhui = aujourdhuiParis(maintenant);
  const horizon = horizonExpireBientot(aujourdhui);
  const candidates = await database.db
    .select()
    .from(demandes)
    .where(
      and(
        // A notable change's silence means acceptance, not rejection: no alert for it.
        eq(demandes.kind, "demande"),
        inArray(demandes.etat, [...ETATS_DEPOSES_SANS_DECISION]),
        eq(demandes.alerteExpirationEnvoyee, false),
        isNull(demandes.suspenduDepuis),
        gte(demandes.dateLimiteInstruction, aujourdhui),
        lte(demandes.dateLimiteInstruction, horizon),
      ),
    );
  let envoyees = 0;
  for (const demande of candidates) {
    if (!estExpireBientot(demande, maintenant)) continue;
    const reclamee = await database.db.transaction(async (tx) => {
      const row = await reclamerAlerte(tx, demande.id);
      if (row)
        await planifierNotification(tx, { type: "expire_bientot", demande: row }, maintenant);
      return row;
    });
    if (!reclamee) continue;
    envoyees += 1;
    await executerTravauxDe(deps, ressourceDemande(demande.id));
  }
  return envoyees;
}

/** Sets the alert flag of request `id` if still unset; the row when this call set it. */
async function reclamerAlerte(tx: Db, id: string) {
  const [row] = await tx
    .update(demandes)
    .set({ alerteExpirationEnvoyee: true })
    .where(and(eq(demandes.id, id), eq(demandes.alerteExpirationEnvoyee, false)))
    .returning();
  return row ?? null;
}

/** History comment of a suspension lifted by the system. */
export const COMMENTAIRE_FIN_SUSPENSION = `Suspension levée : sa durée maximale de ${DELAIS.suspension.enLettres} à compter de la notification est atteinte. La procédure de retrait se poursuit sans suspension.`;

/**
 * Job (DESIGN §5 "suspension at most 3 months"; spec §4): every ongoing
 * withdrawal procedure with suspension whose notification is 3 calendar
 * months old or more (finSuspension ≤ today, Europe/Paris) continues
 * without suspension: MODIFIER_PROCEDURE by the system (same state, one
 * history row), type retrait_sans_suspension, the approval back to
 * en_cours (etatNormalise then reads agree) and its establishments shown
 * to households again (REAFFICHER_ETABLISSEMENT rows, spec §4), its
 * current certificate the request's decision document again instead of
 * the suspension notice.
 * Idempotent: the procedure no longer has a suspension afterwards, and a
 * concurrent change of the request (409) is skipped. Returns how many
 * suspensions it lifted.
 */
export async function leverSuspensionsEchues(deps: DepsEcheances): Promise<number> {
  const { database, horloge } = deps;
  const maintenant = horloge.now();
  const aujourdhui = aujourdhuiParis(maintenant);
  const suspendues = await database.db
    .select({ demande: demandes, procedure: proceduresAgrement })
    .from(proceduresAgrement)
    .innerJoin(demandes, eq(demandes.agrementId, proceduresAgrement.agrementId))
    .where(
      and(
        eq(proceduresAgrement.etat, "en_cours"),
        eq(proceduresAgrement.type, "retrait_avec_suspension"),
        isNotNull(proceduresAgrement.dateNotification),
        inArray(demandes.etat, etatsDeDepart("MODIFIER_PROCEDURE")),
      ),
    );
  let levees = 0;
  for (const { demande, procedure } of suspendues) {
    if (finSuspension(procedure.dateNotification!) > aujourdhui) continue;
    try {
      await database.db.transaction(async (tx) => {
        await ecrireTransition(tx, {
          demande,
          action: "MODIFIER_PROCEDURE",
          etatApres: demande.etat as EtatDemande,
          acteur: { id: null, role: "systeme" },
          maintenant,
          commentaire: COMMENTAIRE_FIN_SUSPENSION,
          donnees: {
            agrementId: procedure.agrementId,
            procedureId: procedure.id,
            avant: { type: procedure.type, dateNotification: procedure.dateNotification },
            apres: {
              type: "retrait_sans_suspension",
              dateNotification: procedure.dateNotification,
            },
          },
        });
        await tx
          .update(proceduresAgrement)
          .set({ type: "retrait_sans_suspension" })
          .where(eq(proceduresAgrement.id, procedure.id));
        await changerEtatAgrement(tx, procedure.agrementId, "en_cours", maintenant);
        // Spec §4: the establishments hidden by the suspension are shown again.
        await reafficherEtablissements(tx, {
          agrementId: procedure.agrementId,
          acteur: { id: null, role: "systeme" },
          maintenant,
        });
        // The suspension notice was the decision document while it lasted: the certificate is again.
        await retablirAttestation(tx, demande.id, procedure.agrementId);
      });
    } catch (error) {
      // The superviseur changed the request meanwhile: his change stands.
      if (error instanceof ErreurDomaine && error.nature === "conflit") continue;
      throw error;
    }
    levees += 1;
  }
  return levees;
}
