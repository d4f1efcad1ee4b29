/**
 * The plan of the scale dataset: which companies, which staff, how many
 * requests in which state, which company filed which request and when,
 * which approvals exist and how many establishments each holds. Pure: the
 * same reference data, scale, seed and day give the same plan (the rows are
 * then generated from it company by company, api/db/seed/scale/lignes.ts).
 *
 * Scale 1: 5,000 companies, 9,500 approval requests and 500 notable
 * changes, 3,000 approvals, 50,000 establishments; every count scales
 * linearly. A company files a new approval request only after the previous
 * one closed (api/domain/demandes/creation.ts), so each company's requests
 * follow each other in time, the last one in any state; notable changes go
 * to companies holding an approval in force.
 */
import type {
  EtatAgrement,
  EtatDemande,
  TypeDossier,
  TypeProcedureAgrement,
} from "../../../../contract/etats.ts";
import { ETATS_DEPOSES_SANS_DECISION } from "../../../domain/workflow.ts";
import { dater, JOUR_MS, jourDe, tirer, type Chronologie, type Tirages } from "./chronologie.ts";
import { Hasard, repartir, repartirListe } from "./hasard.ts";
import { uuidEchelle } from "./identifiants.ts";
import {
  ETATS_AGREMENT,
  ETATS_CLOS,
  POIDS_CHANGEMENT,
  POIDS_DEMANDE,
  parcoursVers,
  type Etape,
} from "./parcours.ts";
import { equipes, type EquipePlan } from "./personnel.ts";
import { TirageCommunes, type Referentiel } from "./referentiel.ts";
import { FabriqueSocietes, type SocietePlan } from "./societes.ts";

/** Figures of scale 1. */
export const ECHELLE_1 = {
  societes: 5_000,
  demandes: 9_500,
  changements: 500,
  etablissements: 50_000,
} as const;

/** Default seed of the generator. */
export const GRAINE_PAR_DEFAUT = 20_240_401;

/** Days of history the dataset spans (deposits over the last three years). */
const JOURS_HISTORIQUE = 3 * 365 + 1;
/** Share of undecided files left waiting one to three months longer than usual. */
const PART_EN_RETARD = 0.12;
/** Share of granted requests whose approval is so old it has expired (5 years). */
const PART_PERIMES = 0.015;

export interface OptionsPlan {
  /** Scale N (> 0): every count is N times that of scale 1. */
  echelle: number;
  graine: number;
  /** Europe/Paris day the dataset is generated for, "AAAA-MM-JJ": every event is before it. */
  aujourdhui: string;
}

export interface AgrementPlan {
  id: string;
  /** Rank by grant date: gives its number from numero_agrement_seq. */
  ordinal: number;
  etat: EtatAgrement;
  dateOctroi: number;
  /** Type of the withdrawal procedure in progress or last ended, if any. */
  typeProcedure: TypeProcedureAgrement | null;
  etablissements: number;
}

export interface DossierPlan {
  id: string;
  kind: TypeDossier;
  etat: EtatDemande;
  societe: number;
  /** The arrêté it was filed under: the current one, or the one before (drafts and files before its effective date). */
  arrete: "courant" | "ancien";
  chronologie: Chronologie;
  /** Rank by deposit instant among deposited requests: gives its number from numero_dossier_seq. */
  ordinalNumero: number | null;
  agrement: AgrementPlan | null;
  /** Notable change: the approval request whose approval it extends. */
  demandeAgrement: string | null;
}

export interface Plan {
  options: OptionsPlan;
  /** Midnight UTC of `aujourdhui` (01:00 or 02:00 in Paris): the dataset's now. */
  maintenant: number;
  societes: SocietePlan[];
  equipes: EquipePlan[];
  /** Every request, grouped by company, each company's in time order. */
  dossiers: DossierPlan[];
  /** Requests by company index (indexes into `dossiers`). */
  parSociete: number[][];
  comptes: { demandes: Record<string, number>; changements: Record<string, number> };
}

/** Days an open request has spent in its current state: [min, max] by state. */
const JOURS_DANS_ETAT: Partial<Record<EtatDemande, [number, number]>> = {
  brouillon: [0, 300],
  deposee: [0, 20],
  affectee: [0, 35],
  incomplete: [0, 45],
  en_edition: [0, 40],
  refus_en_attente: [0, 12],
  refus_refuse: [0, 20],
  refus_confirme: [0, 10],
  complete: [0, 30],
  complete_complement_demande: [0, 30],
  complete_complement_recu: [0, 15],
  complete_sans_crhh: [0, 25],
  complete_sans_crhh_complement_demande: [0, 30],
  complete_sans_crhh_complement_recu: [0, 15],
  instruite_crhh: [0, 20],
  instruite_crhh_complement_demande: [0, 30],
  instruite_crhh_complement_recu: [0, 15],
  instruite_instructeur: [0, 15],
  instruite_superviseur: [0, 12],
  agrement_en_attente: [0, 10],
  agrement_modifie_en_attente: [0, 10],
  agrement_procedure_en_cours: [0, 75],
  disponible: [0, 10],
};

/** A request whose path is drawn, not dated yet. */
interface Brouillon {
  kind: TypeDossier;
  etat: EtatDemande;
  etapes: Etape[];
  tirages: Tirages;
  /** Days from its first to its last step, when dated from any start. */
  duree: number;
}

/** What the phases of the plan share: its generator, the days that bound it, and the requests placed so far. */
interface Chantier {
  hasard: Hasard;
  /** Day number of `aujourdhui`. */
  jourMaintenant: number;
  /** Midnight UTC of `aujourdhui`. */
  maintenant: number;
  /** A minute before `maintenant`: every request ends before it. */
  hier: number;
  /** First day of the history. */
  horizon: number;
  /** Day number of the current arrêté's effective date. */
  jourEffet: number;
  /** What {@link dater} needs besides the path. */
  contexte: { maintenant: number; dateEffetArrete: string };
  societes: SocietePlan[];
  /** Requests placed so far, by company index, each company's in time order. */
  parSociete: DossierPlan[][];
}

/**
 * Builds the plan. Throws a French error when the scale gives no company.
 */
export function planifier(referentiel: Referentiel, options: OptionsPlan): Plan {
  const hasard = new Hasard(options.graine);
  const jourMaintenant = jourDe(options.aujourdhui);
  const maintenant = jourMaintenant * JOUR_MS;
  const n = (figure: number) => Math.round(figure * options.echelle);
  if (n(ECHELLE_1.societes) < 1)
    throw new Error(
      `L'échelle ${options.echelle} ne donne aucune société : choisissez au moins 0,0002.`,
    );

  const comptesDemandes = repartir(n(ECHELLE_1.demandes), POIDS_DEMANDE) as Record<
    EtatDemande,
    number
  >;
  const comptesChangements = repartir(n(ECHELLE_1.changements), POIDS_CHANGEMENT) as Record<
    EtatDemande,
    number
  >;
  limiterOuverts(comptesDemandes, n(ECHELLE_1.societes));

  const fabrique = new FabriqueSocietes(
    hasard,
    referentiel,
    new TirageCommunes(referentiel.communes),
  );
  const societes = Array.from({ length: n(ECHELLE_1.societes) }, (_, index) =>
    fabrique.societe(index),
  );
  const personnel = equipes(referentiel, Hasard.derive(options.graine, 1));
  const chantier: Chantier = {
    hasard,
    jourMaintenant,
    maintenant,
    hier: maintenant - 60_000,
    horizon: jourMaintenant - JOURS_HISTORIQUE,
    jourEffet: jourDe(referentiel.arretes.courant.dateEffet),
    contexte: { maintenant, dateEffetArrete: referentiel.arretes.courant.dateEffet },
    societes,
    parSociete: societes.map(() => []),
  };

  const demandes = melangerEtats(hasard, comptesDemandes);
  const ouverts = demandes
    .filter((etat) => !ETATS_CLOS.includes(etat))
    .map((etat) => tracer(chantier, "demande", etat));
  const clos = demandes
    .filter((etat) => ETATS_CLOS.includes(etat))
    .map((etat) => tracer(chantier, "demande", etat));
  const perimes = placerDerniers(chantier, ouverts);
  placerClos(chantier, clos);
  const etendu = placerChangements(chantier, comptesChangements, perimes);

  const dossiers = chantier.parSociete.flat();
  identifier(dossiers, etendu, chantier.jourEffet);
  numeroter(dossiers);
  planifierAgrements(dossiers, perimes, hasard, n(ECHELLE_1.etablissements));
  let position = 0;
  const indexParSociete = chantier.parSociete.map((liste) => liste.map(() => position++));
  return {
    options,
    maintenant,
    societes,
    equipes: personnel,
    dossiers,
    parSociete: indexParSociete,
    comptes: {
      demandes: compter(dossiers, "demande"),
      changements: compter(dossiers, "changement-notable"),
    },
  };
}

/** The states of `comptes`, each as many times as it counts, shuffled. */
function melangerEtats(hasard: Hasard, comptes: Record<EtatDemande, number>): EtatDemande[] {
  return hasard.melange(
    (Object.keys(comptes) as EtatDemande[]).flatMap((etat) =>
      Array.from({ length: comptes[etat] }, () => etat),
    ),
  );
}

/** Draws the path of a request of `kind` to `etat` and its delays, and measures its length. */
function tracer(chantier: Chantier, kind: TypeDossier, etat: EtatDemande): Brouillon {
  const { hasard, jourMaintenant, contexte } = chantier;
  const etapes = parcoursVers(kind, etat, hasard);
  const tirages = tirer(etapes, hasard);
  const essai = dater(etapes, tirages, jourMaintenant - 2 * JOURS_HISTORIQUE, contexte);
  return { kind, etat, etapes, tirages, duree: Math.ceil((essai.fin - essai.debut) / JOUR_MS) };
}

/** Dates `brouillon` from day `debut`, moved earlier until it ends before `avant` (instant). */
function dateAvant(
  chantier: Chantier,
  brouillon: Brouillon,
  debut: number,
  avant: number,
): Chronologie {
  const { contexte } = chantier;
  let chronologie = dater(brouillon.etapes, brouillon.tirages, debut, contexte);
  for (let essai = 0; chronologie.fin >= avant && essai < 5; essai++) {
    debut -= Math.ceil((chronologie.fin - avant) / JOUR_MS) + 1;
    chronologie = dater(brouillon.etapes, brouillon.tirages, debut, contexte);
  }
  return chronologie;
}

/**
 * The last request of each company (the open ones, one per company in a
 * shuffled order), anchored to today by its state. Returns the granted
 * ones placed so long ago that their approval has expired.
 */
function placerDerniers(chantier: Chantier, ouverts: Brouillon[]): Set<DossierPlan> {
  const { hasard, societes, parSociete } = chantier;
  const ordre = hasard.melange(societes.map((societe) => societe.index));
  const nombreAgree = ouverts.filter((brouillon) => brouillon.etat === "agree").length;
  let perimesRestants = nombreAgree >= 5 ? Math.max(1, Math.round(nombreAgree * PART_PERIMES)) : 0;
  const perimes = new Set<DossierPlan>();
  ouverts.forEach((brouillon, rang) => {
    const societe = ordre[rang];
    const perime = brouillon.etat === "agree" && perimesRestants > 0;
    const debut = debutDernier(chantier, brouillon, perime);
    const dossier = nouveauDossier(
      brouillon,
      societe,
      dateAvant(chantier, brouillon, debut, chantier.hier),
    );
    if (perime) {
      perimesRestants -= 1;
      perimes.add(dossier);
    }
    parSociete[societe].push(dossier);
  });
  return perimes;
}

/**
 * First day of a company's last request, so that it stands in its state
 * today: a superseded draft before the current arrêté, an expired approval
 * (`perime`) more than five years back, an open state for the days it
 * usually lasts, anything else anywhere in the history.
 */
function debutDernier(chantier: Chantier, brouillon: Brouillon, perime: boolean): number {
  const { hasard, jourMaintenant, horizon, jourEffet } = chantier;
  const dansEtat = JOURS_DANS_ETAT[brouillon.etat];
  if (brouillon.etat === "arrete_perime")
    return hasard.entier(
      Math.min(Math.max(horizon, jourEffet - 300), jourEffet - 15),
      jourEffet - 15,
    );
  // Granted more than five years ago: its approval has expired (perime).
  if (perime) return jourMaintenant - (5 * 365 + 3) - hasard.entier(0, 200) - brouillon.duree;
  if (dansEtat) {
    // Some files stall: their clock may run out (reputeRejete) before anyone acts.
    const retard =
      ETATS_DEPOSES_SANS_DECISION.includes(brouillon.etat) && hasard.chance(PART_EN_RETARD);
    const debut =
      jourMaintenant -
      1 -
      hasard.entier(...dansEtat) -
      (retard ? hasard.entier(30, 80) : 0) -
      brouillon.duree;
    return brouillon.etat === "brouillon" ? Math.max(debut, jourEffet + 1) : debut;
  }
  return hasard.entier(horizon, Math.max(horizon, jourMaintenant - 2 - brouillon.duree));
}

/**
 * The closed requests, before each company's last one, latest first,
 * where each company has room within the three years of history.
 */
function placerClos(chantier: Chantier, clos: Brouillon[]): void {
  const { hasard, societes, parSociete, horizon } = chantier;
  const debutSuivant = societes.map(
    (societe) => parSociete[societe.index][0]?.chronologie.debut ?? chantier.maintenant,
  );
  const aPlacer = [...clos];
  const placer = (brouillon: Brouillon, societe: number, debut: number) => {
    const avant = debutSuivant[societe] - 60_000;
    const dossier = nouveauDossier(
      brouillon,
      societe,
      dateAvant(chantier, brouillon, debut, avant),
    );
    parSociete[societe].unshift(dossier);
    debutSuivant[societe] = dossier.chronologie.debut;
  };
  while (aPlacer.length > 0) {
    const parPlace = [...societes.keys()].sort(
      (a, b) => debutSuivant[b] - debutSuivant[a] || a - b,
    );
    let places = 0;
    for (const societe of parPlace) {
      const brouillon = aPlacer.at(-1);
      if (!brouillon) break;
      const debut =
        Math.floor(debutSuivant[societe] / JOUR_MS) - hasard.entier(7, 120) - brouillon.duree;
      if (debut < horizon) continue;
      placer(aPlacer.pop()!, societe, debut);
      places += 1;
    }
    // No company has room left within the three years: the one with the most takes it, earlier.
    if (places === 0) {
      const brouillon = aPlacer.pop()!;
      placer(
        brouillon,
        parPlace[0],
        Math.floor(debutSuivant[parPlace[0]] / JOUR_MS) - 7 - brouillon.duree,
      );
    }
  }
}

/**
 * The notable changes, one per company holding an approval in force (not
 * `perimes`), after it was granted; those that fit nowhere are dropped.
 * Returns each change with the request whose approval it extends.
 */
function placerChangements(
  chantier: Chantier,
  comptes: Record<EtatDemande, number>,
  perimes: Set<DossierPlan>,
): Map<DossierPlan, DossierPlan> {
  const { hasard, societes, parSociete, jourMaintenant } = chantier;
  const titulaires = hasard.melange(
    societes
      .map((societe) => parSociete[societe.index].at(-1)!)
      .filter((dossier) => dossier?.etat === "agree" && !perimes.has(dossier)),
  );
  const changements = melangerEtats(hasard, comptes).map((etat) =>
    tracer(chantier, "changement-notable", etat),
  );
  const etendu = new Map<DossierPlan, DossierPlan>();
  for (const brouillon of changements) {
    const dansEtat = JOURS_DANS_ETAT[brouillon.etat];
    const index = titulaires.findIndex((titulaire) => {
      const premier = Math.floor(titulaire.chronologie.fin / JOUR_MS) + 20;
      return premier + brouillon.duree + (dansEtat?.[1] ?? 0) < jourMaintenant - 1;
    });
    if (index < 0) continue;
    const [titulaire] = titulaires.splice(index, 1);
    const premier = Math.floor(titulaire.chronologie.fin / JOUR_MS) + 20;
    const debut = dansEtat
      ? jourMaintenant - 1 - hasard.entier(...dansEtat) - brouillon.duree
      : hasard.entier(premier, jourMaintenant - 2 - brouillon.duree);
    const dossier = nouveauDossier(
      brouillon,
      titulaire.societe,
      dateAvant(chantier, brouillon, Math.max(debut, premier), chantier.hier),
    );
    etendu.set(dossier, titulaire);
    parSociete[titulaire.societe].push(dossier);
  }
  return etendu;
}

/**
 * Gives `dossiers` (in plan order) their ids and the arrêté they were
 * filed under (the one before when deposited, or begun, before
 * `jourEffet`), and each notable change of `etendu` the id of the request
 * whose approval it extends.
 */
function identifier(
  dossiers: DossierPlan[],
  etendu: Map<DossierPlan, DossierPlan>,
  jourEffet: number,
): void {
  dossiers.forEach((dossier, index) => {
    dossier.id = uuidEchelle("demande", index);
    dossier.arrete =
      (dossier.chronologie.dateDepot ?? dossier.chronologie.debut) < jourEffet * JOUR_MS
        ? "ancien"
        : "courant";
  });
  for (const [changement, titulaire] of etendu) changement.demandeAgrement = titulaire.id;
}

/** A dossier of `brouillon` for company `societe`, dated by `chronologie`; ids and numbers come later. */
function nouveauDossier(
  brouillon: Brouillon,
  societe: number,
  chronologie: Chronologie,
): DossierPlan {
  return {
    id: "",
    kind: brouillon.kind,
    etat: brouillon.etat,
    societe,
    arrete: "courant",
    chronologie,
    ordinalNumero: null,
    agrement: null,
    demandeAgrement: null,
  };
}

/**
 * A company holds at most one request that is not closed: when the scale
 * gives more open requests than companies (tiny scales), the surplus of
 * the largest open states becomes refusals.
 */
function limiterOuverts(comptes: Record<EtatDemande, number>, societes: number): void {
  const ouverts = () =>
    (Object.keys(comptes) as EtatDemande[])
      .filter((etat) => !ETATS_CLOS.includes(etat))
      .reduce((somme, etat) => somme + comptes[etat], 0);
  while (ouverts() > societes) {
    const plus = (Object.keys(comptes) as EtatDemande[])
      .filter((etat) => !ETATS_CLOS.includes(etat))
      .sort((a, b) => comptes[b] - comptes[a])[0];
    comptes[plus] -= 1;
    comptes.refusee += 1;
  }
}

/** Deposit order → file number rank (numero_dossier_seq), as deposits took them. */
function numeroter(dossiers: DossierPlan[]): void {
  dossiers
    .filter((dossier) => dossier.chronologie.dateDepot !== null)
    .sort((a, b) => a.chronologie.dateDepot! - b.chronologie.dateDepot! || (a.id < b.id ? -1 : 1))
    .forEach((dossier, ordinal) => {
      dossier.ordinalNumero = ordinal;
    });
}

/**
 * The approvals of granted requests (en_cours; suspendu during a
 * withdrawal procedure with suspension; retire after a withdrawal; perime
 * when granted more than five years ago), numbered in grant order, and
 * `etablissements` establishments spread among those the applicant has
 * seen (a few networks with hundreds, most with a handful).
 */
function planifierAgrements(
  dossiers: DossierPlan[],
  perimes: Set<DossierPlan>,
  hasard: Hasard,
  etablissements: number,
): void {
  const accordes = dossiers.filter(
    (dossier) => dossier.kind === "demande" && ETATS_AGREMENT.includes(dossier.etat),
  );
  for (const dossier of accordes) {
    const decision = dossier.chronologie.etapes.find(
      (etape) => etape.valeurAvis === "AGREMENT_VALIDE",
    )!;
    const procedure = dossier.chronologie.etapes.filter((etape) => etape.typeProcedure).at(-1);
    const typeProcedure = procedure?.typeProcedure ?? null;
    dossier.agrement = {
      id: "",
      ordinal: 0,
      etat: perimes.has(dossier)
        ? "perime"
        : dossier.etat === "agrement_retire"
          ? "retire"
          : dossier.etat === "agrement_procedure_en_cours" &&
              typeProcedure === "retrait_avec_suspension"
            ? "suspendu"
            : "en_cours",
      dateOctroi: decision.date,
      typeProcedure,
      etablissements: 0,
    };
  }
  accordes
    .sort((a, b) => a.agrement!.dateOctroi - b.agrement!.dateOctroi || (a.id < b.id ? -1 : 1))
    .forEach((dossier, ordinal) => {
      dossier.agrement!.ordinal = ordinal;
      dossier.agrement!.id = uuidEchelle("agrement", ordinal);
    });
  const avecEtablissements = accordes.filter((dossier) => dossier.etat !== "agrement_en_attente");
  const tailles = repartirListe(
    etablissements,
    avecEtablissements.map(() => Math.min(400, hasard.reel() ** -1.2)),
    1,
  );
  avecEtablissements.forEach((dossier, index) => {
    dossier.agrement!.etablissements = tailles[index];
  });
}

/** Requests of `kind` by state. */
function compter(dossiers: DossierPlan[], kind: TypeDossier): Record<string, number> {
  const comptes: Record<string, number> = {};
  for (const dossier of dossiers)
    if (dossier.kind === kind) comptes[dossier.etat] = (comptes[dossier.etat] ?? 0) + 1;
  return comptes;
}

/**
 * Whether the "expires soon" alert of `dossier` went out (deadline job of
 * echeances.ts): an undecided approval request whose running clock ends
 * within 15 days of `aujourdhui`, or has ended.
 */
export function alerteEnvoyee(dossier: DossierPlan, aujourdhui: string): boolean {
  const { chronologie } = dossier;
  if (dossier.kind !== "demande" || !ETATS_DEPOSES_SANS_DECISION.includes(dossier.etat))
    return false;
  if (chronologie.suspenduDepuis !== null || !chronologie.dateLimiteInstruction) return false;
  return jourDe(chronologie.dateLimiteInstruction) - 15 <= jourDe(aujourdhui);
}

/** History rows of the whole plan: one per dated step (ids to reserve). */
export function nombreHistorique(plan: Plan): number {
  return plan.dossiers.reduce((somme, dossier) => somme + dossier.chronologie.etapes.length, 0);
}
