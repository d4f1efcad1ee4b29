/**
 * How many requests of the scale dataset stand in each state, and the path
 * of transitions each one went through to get there (DESIGN §3), checked
 * against the transition table of api/domain/workflow.ts so that a history
 * the dataset writes is one the portal could have written.
 *
 * Three states have no row in the table for approval requests; the dataset
 * gives them to notable changes (extension de périmètre), reading DESIGN §3
 * "then the same instruction path" as follows: EXPRIMER_AVIS_DECIDEUR
 * EXTENSION_PERIMETRE_VALIDE → `disponible` (the decision is available to
 * the applicant, as agrement_en_attente is for a request; a row of the
 * table since ADR 0018), then
 * VISUALISER_RESULTAT → `terminee`; two months of silence after the deposit
 * → `accordee_tacitement` (system row {@link ACTION_ACCORD_TACITE}). A
 * draft overtaken by a new arrêté becomes `arrete_perime` by the system row
 * {@link ACTION_ARRETE_PERIME}. These readings are listed in
 * docs/architecture.md.
 */
import type {
  EtatDemande,
  TypeDossier,
  TypeProcedureAgrement,
  ValeurAvis,
} from "../../../../contract/etats.ts";
import { etatSuivant, transitionPour, type Acteur } from "../../../domain/workflow.ts";
import type { Hasard } from "./hasard.ts";

/** System row of a draft whose arrêté was superseded (brouillon → arrete_perime). */
export const ACTION_ARRETE_PERIME = "ARRETE_PERIME";
/** System row of a notable change accepted by two months of silence. */
export const ACTION_ACCORD_TACITE = "ACCORD_TACITE";
/** Creation row of a notable change (spec §4 perimeter-extension actions). */
export const ACTION_CREATION_CHANGEMENT = "CREER_EXTENSION_PERIMETRE";

/**
 * Approval requests per 9,500 (scale 1). A company may file a new request
 * only once the previous one is annulee, refusee, rejetee_tacitement,
 * agrement_retire or terminee (api/domain/demandes/creation.ts): with 5,000
 * companies, 4,500 of the 9,500 requests at least must be such closed
 * ones, hence the weight of refusals and cancellations. Approvals: agree,
 * agrement_en_attente, agrement_modifie_en_attente,
 * agrement_procedure_en_cours and agrement_retire, 3,000 in all.
 */
export const POIDS_DEMANDE = {
  brouillon: 560,
  arrete_perime: 130,
  deposee: 220,
  affectee: 250,
  en_edition: 45,
  incomplete: 150,
  refus_en_attente: 30,
  refus_refuse: 20,
  refus_confirme: 20,
  complete: 90,
  complete_complement_demande: 35,
  complete_complement_recu: 25,
  complete_sans_crhh: 130,
  complete_sans_crhh_complement_demande: 35,
  complete_sans_crhh_complement_recu: 25,
  instruite_crhh: 80,
  instruite_crhh_complement_demande: 25,
  instruite_crhh_complement_recu: 20,
  instruite_instructeur: 90,
  instruite_superviseur: 70,
  agrement_en_attente: 110,
  agrement_modifie_en_attente: 40,
  agrement_procedure_en_cours: 100,
  agree: 2600,
  agrement_retire: 150,
  annulee: 1150,
  refusee: 2350,
  rejetee_tacitement: 950,
} as const satisfies Partial<Record<EtatDemande, number>>;

/** Notable changes (extension de périmètre) per 500 (scale 1), on companies holding an approval. */
export const POIDS_CHANGEMENT = {
  brouillon: 40,
  deposee: 60,
  affectee: 70,
  complete_sans_crhh: 40,
  instruite_instructeur: 30,
  instruite_superviseur: 20,
  disponible: 40,
  terminee: 90,
  refusee: 30,
  annulee: 20,
  accordee_tacitement: 60,
} as const satisfies Partial<Record<EtatDemande, number>>;

/** States after which a company may file again (creation.ts ETATS_SANS_DEMANDE_ACTIVE). */
export const ETATS_CLOS: readonly EtatDemande[] = [
  "annulee",
  "refusee",
  "rejetee_tacitement",
  "agrement_retire",
];

/** States of an approval request that carry an approval. */
export const ETATS_AGREMENT: readonly EtatDemande[] = [
  "agrement_en_attente",
  "agrement_modifie_en_attente",
  "agrement_procedure_en_cours",
  "agree",
  "agrement_retire",
];

/** One transition of a path, before it is dated. */
export interface Etape {
  action: string;
  etatAvant: EtatDemande | null;
  etatApres: EtatDemande;
  role: Acteur;
  /** Opinion given by the step (avis, decision, refusal steps). */
  valeurAvis?: ValeurAvis;
  typeProcedure?: TypeProcedureAgrement;
  decision?: "agrement_maintenu" | "agrement_retire";
}

/** Where the opinions of a path lean: towards the approval or the refusal. */
type Tendance = "favorable" | "defavorable";

/** A path being built; every step of the table is checked as it is added. */
class Chemin {
  readonly etapes: Etape[] = [];
  etat: EtatDemande | null = null;

  constructor(
    readonly kind: TypeDossier,
    readonly hasard: Hasard,
    readonly tendance: Tendance,
  ) {}

  /**
   * Appends `action` to `etatApres` by `role`. Unless `horsTable` (the
   * readings of the file's header), the transition table must allow it
   * for this path's kind, and a decision (`details.valeurAvis` of a row
   * with decisions) must be one the row offers that kind leading there:
   * a path the portal could not take is a bug of this file.
   */
  ajouter(
    action: string,
    etatApres: EtatDemande,
    role: Acteur,
    details: Partial<Etape> = {},
    horsTable = false,
  ): this {
    if (!horsTable) {
      const ligne = transitionPour(this.etat ?? "creation", action, [role], this.kind);
      const suivant = ligne && this.etat ? etatSuivant(ligne, this.etat, etatApres) : etatApres;
      const decision =
        ligne?.decisions && details.valeurAvis ? ligne.decisions[details.valeurAvis] : etatApres;
      if (!ligne || suivant !== etatApres || decision !== etatApres)
        throw new Error(`Parcours impossible : ${this.etat} —${action}→ ${etatApres} (${role})`);
    }
    this.etapes.push({ action, etatAvant: this.etat, etatApres, role, ...details });
    this.etat = etatApres;
    return this;
  }

  /** An opinion value for a staff opinion, leaning with the path. */
  avis(): ValeurAvis {
    const favorable = this.tendance === "favorable";
    return this.hasard.pondere({
      FAVORABLE: favorable ? 78 : 15,
      FAVORABLE_SOUS_RESERVE: favorable ? 18 : 15,
      DEFAVORABLE: favorable ? 4 : 70,
    });
  }
}

const OUVERTS_POUR_REFUS: readonly EtatDemande[] = [
  "affectee",
  "incomplete",
  "complete",
  "complete_sans_crhh",
  "instruite_crhh",
  "instruite_instructeur",
  "instruite_superviseur",
];
const AVANT_ANNULATION: readonly EtatDemande[] = [
  "deposee",
  "affectee",
  "incomplete",
  "en_edition",
  "complete",
  "complete_sans_crhh",
  "instruite_crhh",
  "instruite_instructeur",
];
/** Open states whose clock runs (a suspended clock never expires). */
const HORLOGE_EN_MARCHE: readonly EtatDemande[] = [
  "deposee",
  "affectee",
  "complete",
  "complete_sans_crhh",
  "instruite_crhh",
  "instruite_instructeur",
  "instruite_superviseur",
];

/** Draft steps: creation (step 1), and step 2 unless `etape2` is false. */
function debut(chemin: Chemin, etape2 = true): void {
  if (chemin.kind === "changement-notable") {
    chemin.ajouter(ACTION_CREATION_CHANGEMENT, "brouillon", "demandeur", {}, true);
    return;
  }
  chemin.ajouter("ENREGISTRE_BROUILLON_STEP_1", "brouillon", "demandeur");
  if (etape2) chemin.ajouter("ENREGISTRE_BROUILLON_STEP_2", "brouillon", "demandeur");
}

/**
 * After the assignment: a few rounds of checking (completeness request and
 * answer, return to edition and new deposit, and when `refusRefuse` a
 * refusal proposal dismissed) each ending where instruction resumes.
 */
function verifications(chemin: Chemin, refusRefuse: boolean): void {
  const { hasard } = chemin;
  for (const probabilite of [0.35, 0.1]) {
    if (!hasard.chance(probabilite)) break;
    const tour = hasard.pondere({ completude: 5, edition: 1.5, refus: refusRefuse ? 0.7 : 0 });
    if (tour === "completude")
      chemin
        .ajouter("DEMANDER_COMPLEMENT_COMPLETUDE", "incomplete", "instructeur")
        .ajouter("DONNER_COMPLEMENT", "affectee", "demandeur");
    else if (tour === "edition")
      chemin
        .ajouter("RETOURNER_EN_EDITION", "en_edition", "instructeur")
        .ajouter("DEPOSER_EN_EDITION", "affectee", "demandeur");
    else refusEcarte(chemin);
  }
}

/** The instructor proposes to refuse the file. */
function proposerRefus(chemin: Chemin): void {
  chemin.ajouter("PROPOSER_REFUS_DEMANDE", "refus_en_attente", "instructeur", {
    valeurAvis: "proposition_refus",
  });
}

/** A refusal proposal the supervisor dismisses: instruction resumes. */
function refusEcarte(chemin: Chemin): void {
  proposerRefus(chemin);
  chemin.ajouter("REFUSER_REFUS", "refus_refuse", "superviseur");
}

/** The supplement round of a completed file: asked, then (when `recu`) answered. */
function complement(chemin: Chemin, demande: EtatDemande, recu: EtatDemande | null): void {
  chemin.ajouter("DEMANDER_COMPLEMENT", demande, "instructeur");
  if (recu) chemin.ajouter("DONNER_COMPLEMENT", recu, "demandeur");
}

/**
 * Builds in `chemin` a path of approval request ending in `etat`, by the
 * phase of the instruction that state belongs to. Throws on a state no
 * phase gives.
 */
function versDemande(chemin: Chemin, etat: EtatDemande): void {
  const construit =
    versAffectation(chemin, etat) ||
    versPropositionRefus(chemin, etat) ||
    versCompletude(chemin, etat) ||
    versAvis(chemin, etat) ||
    versAgrement(chemin, etat) ||
    versCloture(chemin, etat);
  if (!construit) throw new Error(`État sans parcours pour une demande d'agrément : ${etat}`);
}

/** Draft, deposit, assignment and the rounds of checking that follow it; false for a later state. */
function versAffectation(chemin: Chemin, etat: EtatDemande): boolean {
  const { hasard } = chemin;
  switch (etat) {
    case "brouillon":
      debut(chemin, hasard.chance(0.7));
      return true;
    case "arrete_perime":
      debut(chemin, hasard.chance(0.6));
      chemin.ajouter(ACTION_ARRETE_PERIME, "arrete_perime", "systeme", {}, true);
      return true;
    case "deposee":
      debut(chemin);
      chemin.ajouter("DEPOSER", "deposee", "demandeur");
      return true;
    case "affectee":
      versDemande(chemin, "deposee");
      chemin.ajouter(
        "AFFECTER_INSTRUCTEUR",
        "affectee",
        hasard.chance(0.6) ? "superviseur" : "instructeur",
      );
      verifications(chemin, false);
      return true;
    case "incomplete":
      versDemande(chemin, "affectee");
      chemin.ajouter("DEMANDER_COMPLEMENT_COMPLETUDE", "incomplete", "instructeur");
      return true;
    case "en_edition":
      versDemande(chemin, "affectee");
      chemin.ajouter("RETOURNER_EN_EDITION", "en_edition", "instructeur");
      return true;
  }
  return false;
}

/** A refusal proposal, pending, dismissed or confirmed; false for another state. */
function versPropositionRefus(chemin: Chemin, etat: EtatDemande): boolean {
  switch (etat) {
    case "refus_en_attente":
      versDemande(chemin, chemin.hasard.choix(OUVERTS_POUR_REFUS));
      proposerRefus(chemin);
      return true;
    case "refus_refuse":
      versDemande(chemin, "refus_en_attente");
      chemin.ajouter("REFUSER_REFUS", "refus_refuse", "superviseur");
      return true;
    case "refus_confirme":
      versDemande(chemin, "refus_en_attente");
      chemin.ajouter("CONFIRMER_REFUS", "refus_confirme", "superviseur", {
        valeurAvis: "refus_confirme",
      });
      return true;
  }
  return false;
}

/** A file found complete, with or without the CRHH, and its supplement rounds; false for another state. */
function versCompletude(chemin: Chemin, etat: EtatDemande): boolean {
  switch (etat) {
    case "complete":
    case "complete_sans_crhh":
      versDemande(chemin, "affectee");
      if (chemin.hasard.chance(0.04)) refusEcarte(chemin);
      chemin.ajouter("CONFIRMER_COMPLETUDE", etat, "instructeur");
      return true;
    case "complete_complement_demande":
    case "complete_complement_recu":
      versDemande(chemin, "complete");
      complement(
        chemin,
        "complete_complement_demande",
        etat === "complete_complement_recu" ? etat : null,
      );
      return true;
    case "complete_sans_crhh_complement_demande":
    case "complete_sans_crhh_complement_recu":
      versDemande(chemin, "complete_sans_crhh");
      complement(
        chemin,
        "complete_sans_crhh_complement_demande",
        etat === "complete_sans_crhh_complement_recu" ? etat : null,
      );
      return true;
  }
  return false;
}

/** The opinions of the CRHH (and its supplement round), the instructor and the supervisor; false for another state. */
function versAvis(chemin: Chemin, etat: EtatDemande): boolean {
  const { hasard } = chemin;
  switch (etat) {
    case "instruite_crhh":
      versDemande(chemin, hasard.chance(0.2) ? "complete_complement_recu" : "complete");
      chemin.ajouter("EXPRIMER_AVIS_CRHH", "instruite_crhh", "crhh", { valeurAvis: chemin.avis() });
      return true;
    case "instruite_crhh_complement_demande":
    case "instruite_crhh_complement_recu":
      versDemande(chemin, "instruite_crhh");
      complement(
        chemin,
        "instruite_crhh_complement_demande",
        etat === "instruite_crhh_complement_recu" ? etat : null,
      );
      return true;
    case "instruite_instructeur":
      versDemande(
        chemin,
        hasard.pondere({
          instruite_crhh: 45,
          instruite_crhh_complement_recu: 8,
          complete_sans_crhh: 40,
          complete_sans_crhh_complement_recu: 7,
        }),
      );
      chemin.ajouter("EXPRIMER_AVIS_INSTRUCTEUR", "instruite_instructeur", "instructeur", {
        valeurAvis: chemin.avis(),
      });
      return true;
    case "instruite_superviseur":
      versDemande(chemin, "instruite_instructeur");
      chemin.ajouter("EXPRIMER_AVIS_SUPERVISEUR", "instruite_superviseur", "superviseur", {
        valeurAvis: chemin.avis(),
      });
      return true;
  }
  return false;
}

/** The granted approval and what may follow it: modification, withdrawal procedure, withdrawal; false for another state. */
function versAgrement(chemin: Chemin, etat: EtatDemande): boolean {
  const { hasard } = chemin;
  switch (etat) {
    case "agrement_en_attente":
      versDemande(chemin, "instruite_superviseur");
      chemin.ajouter("EXPRIMER_AVIS_DECIDEUR", "agrement_en_attente", "superviseur", {
        valeurAvis: "AGREMENT_VALIDE",
      });
      return true;
    case "agree":
      agree(chemin, true);
      return true;
    case "agrement_modifie_en_attente":
      agree(chemin, false);
      chemin.ajouter("MODIFIER_AGREMENT", "agrement_modifie_en_attente", "superviseur");
      return true;
    case "agrement_procedure_en_cours":
    case "agrement_retire": {
      agree(chemin, false);
      const typeProcedure = hasard.chance(0.45)
        ? "retrait_avec_suspension"
        : "retrait_sans_suspension";
      chemin.ajouter("CREER_PROCEDURE", "agrement_procedure_en_cours", "superviseur", {
        typeProcedure,
      });
      if (etat === "agrement_procedure_en_cours" && hasard.chance(0.15))
        chemin.ajouter("MODIFIER_PROCEDURE", "agrement_procedure_en_cours", "superviseur", {
          typeProcedure,
        });
      if (etat === "agrement_retire")
        chemin.ajouter("TERMINER_PROCEDURE", "agrement_retire", "superviseur", {
          decision: "agrement_retire",
        });
      return true;
    }
  }
  return false;
}

/** The endings without approval: refusal, cancellation, tacit rejection; false for another state. */
function versCloture(chemin: Chemin, etat: EtatDemande): boolean {
  const { hasard } = chemin;
  switch (etat) {
    case "refusee":
      if (hasard.chance(0.65)) {
        versDemande(chemin, "instruite_superviseur");
        chemin.ajouter("EXPRIMER_AVIS_DECIDEUR", "refusee", "superviseur", {
          valeurAvis: "AGREMENT_REFUSE",
        });
      } else {
        versDemande(chemin, "refus_confirme");
        chemin.ajouter("MOTIVER_REFUS", "refusee", "instructeur", {
          valeurAvis: "AGREMENT_REFUSE",
        });
      }
      return true;
    case "annulee":
      if (hasard.chance(0.25)) debut(chemin, hasard.chance(0.5));
      else versDemande(chemin, hasard.choix(AVANT_ANNULATION));
      chemin.ajouter("ANNULER_DEMANDE", "annulee", "demandeur");
      return true;
    case "rejetee_tacitement":
      versDemande(chemin, hasard.choix(HORLOGE_EN_MARCHE));
      chemin.ajouter("REJETER_TACITEMENT_DOSSIER", "rejetee_tacitement", "superviseur");
      return true;
  }
  return false;
}

/**
 * Up to the applicant's viewing of the granted decision (agree). When
 * `detours`, the approval may since have gone through a withdrawal
 * procedure ended by maintaining it, or a modification seen by the applicant.
 */
function agree(chemin: Chemin, detours: boolean): void {
  const { hasard } = chemin;
  versDemande(chemin, "agrement_en_attente");
  chemin.ajouter("VISUALISER_RESULTAT", "agree", "demandeur");
  if (!detours) return;
  if (hasard.chance(0.03))
    chemin
      .ajouter("CREER_PROCEDURE", "agrement_procedure_en_cours", "superviseur", {
        typeProcedure: "retrait_sans_suspension",
      })
      .ajouter("TERMINER_PROCEDURE", "agree", "superviseur", { decision: "agrement_maintenu" });
  if (hasard.chance(0.03))
    chemin
      .ajouter("MODIFIER_AGREMENT", "agrement_modifie_en_attente", "superviseur")
      .ajouter("VISUALISER_RESULTAT", "agree", "demandeur");
}

/** Builds in `chemin` a path of notable change (extension de périmètre) ending in `etat`. */
function versChangement(chemin: Chemin, etat: EtatDemande): void {
  const { hasard } = chemin;
  const vers = (intermediaire: EtatDemande) => versChangement(chemin, intermediaire);
  switch (etat) {
    case "brouillon":
      return debut(chemin);
    case "deposee":
      vers("brouillon");
      chemin.ajouter("DEPOSER", "deposee", "demandeur");
      return;
    case "affectee":
      vers("deposee");
      chemin.ajouter("AFFECTER_INSTRUCTEUR", "affectee", "superviseur");
      return;
    case "complete_sans_crhh":
      vers("affectee");
      chemin.ajouter("CONFIRMER_COMPLETUDE", "complete_sans_crhh", "instructeur");
      return;
    case "instruite_instructeur":
      vers("complete_sans_crhh");
      chemin.ajouter("EXPRIMER_AVIS_INSTRUCTEUR", "instruite_instructeur", "instructeur", {
        valeurAvis: chemin.avis(),
      });
      return;
    case "instruite_superviseur":
      vers("instruite_instructeur");
      chemin.ajouter("EXPRIMER_AVIS_SUPERVISEUR", "instruite_superviseur", "superviseur", {
        valeurAvis: chemin.avis(),
      });
      return;
    case "disponible":
      vers("instruite_superviseur");
      chemin.ajouter("EXPRIMER_AVIS_DECIDEUR", "disponible", "superviseur", {
        valeurAvis: "EXTENSION_PERIMETRE_VALIDE",
      });
      return;
    case "terminee":
      vers("disponible");
      chemin.ajouter("VISUALISER_RESULTAT", "terminee", "demandeur", {}, true);
      return;
    case "refusee":
      vers("instruite_superviseur");
      chemin.ajouter("EXPRIMER_AVIS_DECIDEUR", "refusee", "superviseur", {
        valeurAvis: "EXTENSION_PERIMETRE_REFUSE",
      });
      return;
    case "annulee":
      vers(hasard.choix(["brouillon", "deposee", "affectee"] as const));
      chemin.ajouter("ANNULER_DEMANDE", "annulee", "demandeur");
      return;
    case "accordee_tacitement":
      vers(hasard.chance(0.5) ? "deposee" : "affectee");
      chemin.ajouter(ACTION_ACCORD_TACITE, "accordee_tacitement", "systeme", {}, true);
      return;
    default:
      throw new Error(`État sans parcours pour un changement notable : ${etat}`);
  }
}

/**
 * The transitions a request of `kind` went through to reach `etat`, in
 * order, starting with its creation. Opinions lean towards the outcome
 * (unfavourable ones mostly on refused files). Throws on a state this
 * dataset does not give to `kind`.
 */
export function parcoursVers(kind: TypeDossier, etat: EtatDemande, hasard: Hasard): Etape[] {
  const tendance: Tendance =
    etat === "refusee" || etat === "refus_confirme" ? "defavorable" : "favorable";
  const chemin = new Chemin(kind, hasard, tendance);
  if (kind === "demande") versDemande(chemin, etat);
  else versChangement(chemin, etat);
  return chemin.etapes;
}
