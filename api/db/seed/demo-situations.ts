/**
 * Situations of the demo dataset (README "Comptes de démonstration", ADR
 * 0043): the generated plan is adjusted so that a newcomer can try every
 * feature from the demo accounts.
 * - The Paris service, the demo staff's, holds at least one file waiting
 *   for each action the transition table gives instructeur, crhh and
 *   superviseur ({@link besoinsEquipe}): companies holding such files are
 *   moved to Paris (head office, postcode, phone prefix, the place in their
 *   name) when Paris has none.
 * - Two generated companies get a demo applicant ({@link DEMANDEURS_DEMO}):
 *   an operator whose approval is in force, with establishments and a
 *   notable change under instruction; an applicant whose request waits for
 *   a complement. Both are seated in Paris.
 * Pure functions of the plan (the same plan gives the same choices); the
 * annual reports of the operator are written after the load
 * ({@link rapportsOperateurDemo}).
 */
import type { EtatDemande, TypeDossier } from "../../../contract/etats.ts";
import type { ContenuRapportAnnuel } from "../../../contract/schemas/rapport-annuel.ts";
import { ETATS_COMPLEMENT_DEMANDE } from "../../../contract/statuts.ts";
import {
  dateLimiteRapportAnnuel,
  PREMIERE_ANNEE_RAPPORT_ANNUEL,
} from "../../../contract/delais.ts";
import { TRANSITIONS, type Acteur } from "../../domain/workflow.ts";
import { anneeDuRapportEnCours } from "../../domain/rapports-annuels/regles.ts";
import { ETATS_CLOS } from "./scale/parcours.ts";
import type { AgrementPlan, DossierPlan, Plan } from "./scale/plan.ts";
import type { CommuneRef, Referentiel } from "./scale/referentiel.ts";
import type { SocietePlan } from "./scale/societes.ts";

/** The département of the demo staff's service. */
export const DEPARTEMENT_EQUIPE_DEMO = "75";

/** The roles of the demo staff of Paris. */
const ROLES_EQUIPE: readonly Acteur[] = ["instructeur", "crhh", "superviseur"];

/** Demo applicants taking the place of a generated company's representative. */
export const DEMANDEURS_DEMO = {
  operateur: "operateur@demo.anah.gouv.fr",
  complement: "demandeur-complement@demo.anah.gouv.fr",
} as const;

/** One action of a role, and the states of a kind of file it starts from. */
export interface Besoin {
  role: Acteur;
  action: string;
  kind: TypeDossier;
  etats: readonly EtatDemande[];
}

/**
 * What the demo team must find in its service: for each role, action and
 * kind of file of the transition table, the states it starts from. Left out:
 * rows the actions area never lists, and the deemed rejection, which only
 * a file whose clock ran out offers.
 */
export function besoinsEquipe(): Besoin[] {
  const besoins: Besoin[] = [];
  for (const role of ROLES_EQUIPE)
    for (const ligne of TRANSITIONS) {
      if (!ligne.roles.includes(role) || ligne.from === "creation") continue;
      if (ligne.listee === false || ligne.guard === "reputeRejete") continue;
      for (const kind of ligne.kinds ?? (["demande", "changement-notable"] as const))
        besoins.push({ role, action: ligne.action, kind, etats: ligne.from });
    }
  return besoins;
}

/** Whether `dossier` answers `besoin`. */
const repond = (besoin: Besoin, dossier: DossierPlan) =>
  dossier.kind === besoin.kind && besoin.etats.includes(dossier.etat);

/** What {@link adapterSituations} did: the companies moved and the two demo applicants' companies. */
export interface Situations {
  /** The approval in force of the operator's notable change (id and grant instant, ms). */
  agrementOperateur: { id: string; dateOctroi: number } | null;
  demenagees: SocietePlan[];
  operateur: SocietePlan | null;
  complement: SocietePlan | null;
  /** Needs no file of the whole plan answers (nothing to move). */
  sansDossier: Besoin[];
}

/**
 * Adjusts `plan` in place: moves to Paris the companies needed by
 * {@link besoinsEquipe} and by the two demo applicants, and gives those two
 * companies the demo applicants' e-mail addresses.
 */
export function adapterSituations(plan: Plan, referentiel: Referentiel): Situations {
  const paris = referentiel.communesParDepartement.get(DEPARTEMENT_EQUIPE_DEMO)?.[0];
  const situations: Situations = {
    agrementOperateur: null,
    demenagees: [],
    operateur: null,
    complement: null,
    sansDossier: [],
  };
  if (!paris) return situations;
  const dossiersDe = (societe: SocietePlan) =>
    plan.parSociete[societe.index].map((index) => plan.dossiers[index]);
  const aParis = (societe: SocietePlan) => societe.siege.departement === DEPARTEMENT_EQUIPE_DEMO;
  // An EPCI is its territory: it stays there.
  const demenageable = (societe: SocietePlan) => !societe.qualites.includes("qualityEPCI");
  const demenager = (societe: SocietePlan) => {
    if (aParis(societe)) return;
    installer(societe, paris, situations.demenagees.length, referentiel);
    situations.demenagees.push(societe);
  };
  // In Paris first, then one that can move there, then any (left where it is).
  const choisir = (accepte: (societe: SocietePlan) => boolean) =>
    plan.societes.find((societe) => aParis(societe) && accepte(societe)) ??
    plan.societes.find((societe) => demenageable(societe) && accepte(societe)) ??
    plan.societes.find(accepte) ??
    null;

  // Granted before 2025 if possible: a past year's report is then filed.
  for (const octroiAvant of [OCTROI_AVANT, Infinity]) {
    situations.operateur ??= choisir(
      (societe) => agrementEtendu(dossiersDe(societe), plan, octroiAvant) !== null,
    );
  }
  if (situations.operateur) {
    const agrement = agrementEtendu(dossiersDe(situations.operateur), plan, Infinity)!;
    situations.agrementOperateur = { id: agrement.id, dateOctroi: agrement.dateOctroi };
  }
  situations.complement = choisir(
    (societe) =>
      societe !== situations.operateur &&
      (ETATS_COMPLEMENT_DEMANDE as readonly string[]).includes(
        dossiersDe(societe).at(-1)?.etat ?? "",
      ),
  );
  for (const [cle, societe] of [
    ["operateur", situations.operateur],
    ["complement", situations.complement],
  ] as const) {
    if (!societe) continue;
    if (demenageable(societe)) demenager(societe);
    societe.representant.email = DEMANDEURS_DEMO[cle];
  }

  for (const besoin of besoinsEquipe()) {
    const servi = plan.societes.some(
      (societe) =>
        aParis(societe) && dossiersDe(societe).some((dossier) => repond(besoin, dossier)),
    );
    if (servi) continue;
    const candidate = plan.societes.find(
      (societe) =>
        demenageable(societe) && dossiersDe(societe).some((dossier) => repond(besoin, dossier)),
    );
    if (candidate) demenager(candidate);
    else situations.sansDossier.push(besoin);
  }
  return situations;
}

/** 2025-01-01 (ms): an approval granted before owes the 2024 report, the first one. */
const OCTROI_AVANT = Date.UTC(PREMIERE_ANNEE_RAPPORT_ANNUEL + 1, 0, 1);

/**
 * The approval a company's notable change under instruction (deposited, not
 * closed) extends, when it is in force, holds establishments and was
 * granted before `octroiAvant` (ms): what makes the company the demo
 * operator. Null otherwise.
 */
function agrementEtendu(
  dossiers: readonly DossierPlan[],
  plan: Plan,
  octroiAvant: number,
): AgrementPlan | null {
  for (const dossier of dossiers) {
    if (dossier.kind !== "changement-notable" || dossier.chronologie.dateDepot === null) continue;
    if (ETATS_CLOS.includes(dossier.etat) || !dossier.demandeAgrement) continue;
    const agrement = plan.dossiers.find((autre) => autre.id === dossier.demandeAgrement)?.agrement;
    if (
      agrement?.etat === "en_cours" &&
      agrement.etablissements > 0 &&
      agrement.dateOctroi < octroiAvant
    )
      return agrement;
  }
  return null;
}

/**
 * Seats `societe` in `paris`: postcode by rank (companies spread over the
 * arrondissements), Île-de-France landline prefix, and the place its name
 * holds (town, département, région) replaced by Paris's.
 */
function installer(
  societe: SocietePlan,
  paris: CommuneRef,
  rang: number,
  referentiel: Referentiel,
): void {
  const { siege } = societe;
  const nomDe = (liste: readonly { code: string; nom: string }[], code: string) =>
    liste.find((element) => element.code === code)?.nom;
  // The town first: a département's name can be part of it (Garennes-sur-Eure).
  const remplacements: [string | undefined, string | undefined][] = [
    [siege.nom, paris.nom],
    [nomDe(referentiel.departements, siege.departement), paris.nom],
    [nomDe(referentiel.regions, siege.region), nomDe(referentiel.regions, paris.region)],
  ];
  for (const [avant, apres] of remplacements)
    if (avant && apres) societe.raisonSociale = remplacerMot(societe.raisonSociale, avant, apres);
  societe.siege = paris;
  societe.codePostal = paris.codesPostaux[rang % paris.codesPostaux.length];
  if (!/^0[67]/.test(societe.telephone)) societe.telephone = `01${societe.telephone.slice(2)}`;
}

/** `texte` with `mot` replaced by `par` where it stands as a word of its own. */
function remplacerMot(texte: string, mot: string, par: string): string {
  const echappe = mot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return texte.replace(new RegExp(`(^|[\\s'’(])${echappe}(?=$|[\\s,)])`, "gu"), `$1${par}`);
}

/** A report row to write: the approval's year and what it holds. */
export interface RapportDemo {
  annee: number;
  etat: "depose" | "nonDepose";
  contenu: ContenuRapportAnnuel;
}

/** A deposited report's content: a small team, a year of activity, no change. */
const CONTENU_DEPOSE: ContenuRapportAnnuel = {
  effectifs: { etpStructure: 6.5, etpAccompagnement: 4, departements: [] },
  activite: {
    nbContratsSignes: 118,
    nbContratsAbandonnes: 9,
    nbDossiersDeposes: 97,
    nbAccompagnementsPrevisionnels: 140,
    sousTraitance: false,
  },
  changements: { capitalModifie: false, gouvernanceModifiee: false },
};

/**
 * The demo operator's annual reports on `aujourdhui` ("AAAA-MM-JJ") for an
 * approval granted on `dateOctroi` ("AAAA-MM-JJ"): every year owed before
 * the one filed now is deposited; the one filed now is a draft with its
 * first step while its deadline (31 March) is ahead, and left to file (late)
 * after it.
 */
export function rapportsOperateurDemo(dateOctroi: string, aujourdhui: string): RapportDemo[] {
  const enCours = anneeDuRapportEnCours(aujourdhui);
  const premiere = Math.max(PREMIERE_ANNEE_RAPPORT_ANNUEL, Number(dateOctroi.slice(0, 4)));
  const rapports: RapportDemo[] = [];
  for (let annee = premiere; annee < enCours; annee++)
    rapports.push({ annee, etat: "depose", contenu: CONTENU_DEPOSE });
  if (premiere <= enCours && aujourdhui <= dateLimiteRapportAnnuel(enCours))
    rapports.push({
      annee: enCours,
      etat: "nonDepose",
      contenu: { effectifs: CONTENU_DEPOSE.effectifs },
    });
  return rapports;
}
