/**
 * Every page a visitor of the portal can reach, with who may see it: the
 * pages of the site map (spec §2), the pages of
 * each role (spec §6) and the file pages with a seeded file in each family
 * of states (DESIGN §3 "Instruction steps for dashboards"). The layout check
 * (mise-en-page.spec.ts) and the screenshots (captures.ts) walk this one
 * list; the data behind the paths comes from fixtures/site-seme.ts.
 */
import type { EtatDemande } from "../contract/etats.ts";

/** The two widths every page is looked at, in CSS pixels (desktop, small phone). */
export const LARGEURS = [1280, 375] as const;
export type Largeur = (typeof LARGEURS)[number];

/** Window height used with each width, in CSS pixels. */
export const HAUTEUR_FENETRE = 800;

/**
 * Who looks at a page: nobody signed in, each demo account (README), and
 * fresh applicants at each stage of their journey (own company each).
 */
export const VISITEURS = {
  anonyme: "visiteur non connecté",
  sansRole: "compte sans rôle",
  demandeurCguAValider: "demandeur, CGU à accepter",
  demandeurSansDemande: "demandeur sans demande",
  demandeurBrouillon: "demandeur avec un brouillon",
  demandeurDepose: "demandeur, demande déposée",
  demandeurIncomplet: "demandeur, complément demandé",
  demandeurEnEdition: "demandeur, demande à corriger",
  demandeurRefuse: "demandeur, demande refusée",
  operateurAgree: "opérateur agréé",
  operateurReferencant: "opérateur agréé, un établissement référencé",
  instructeur: "instructeur",
  superviseur: "superviseur",
  crhh: "membre du CRHH",
  mar_admin: "administrateur MAR",
  anah_centrale: "Anah centrale",
  admin_fonctionnel: "administrateur fonctionnel",
} as const;
export type Visiteur = keyof typeof VISITEURS;

/**
 * The families of states with one seeded approval request each: the
 * dashboard steps of DESIGN §3, with the end states whose page differs
 * (granted, withdrawal procedure, refused, cancelled). `etat` is where the
 * request is driven through the real API; `demandeur` is the visitor who
 * owns it, when his pages are looked at too.
 */
export const FAMILLES = {
  deposee: { libelle: "déposée, à affecter", etat: "deposee", demandeur: "demandeurDepose" },
  affectee: { libelle: "affectée, en vérification", etat: "affectee" },
  incomplete: {
    libelle: "incomplète, complément demandé",
    etat: "incomplete",
    demandeur: "demandeurIncomplet",
  },
  en_edition: {
    libelle: "retournée en édition",
    etat: "en_edition",
    demandeur: "demandeurEnEdition",
  },
  complete: { libelle: "complète, avis du CRHH attendu", etat: "complete" },
  instruite_crhh: { libelle: "avis du CRHH rendu", etat: "instruite_crhh" },
  instruite_superviseur: {
    libelle: "avis rendus, décision attendue",
    etat: "instruite_superviseur",
  },
  refus_en_attente: { libelle: "refus proposé", etat: "refus_en_attente" },
  agrement_en_attente: { libelle: "agrément décidé, non consulté", etat: "agrement_en_attente" },
  agree: { libelle: "agréée", etat: "agree", demandeur: "operateurAgree" },
  agrement_procedure_en_cours: {
    libelle: "procédure de retrait en cours",
    etat: "agrement_procedure_en_cours",
  },
  refusee: { libelle: "refusée", etat: "refusee", demandeur: "demandeurRefuse" },
  annulee: { libelle: "annulée par le demandeur", etat: "annulee" },
} as const satisfies Record<string, { libelle: string; etat: EtatDemande; demandeur?: Visiteur }>;
export type Famille = keyof typeof FAMILLES;

/** What the paths need from the seeded data (fixtures/site-seme.ts). */
export interface DonneesSite {
  /** Id of the request seeded in each family. */
  dossiers: Record<Famille, string>;
  /** Id of the complete draft of `demandeurBrouillon`. */
  brouillon: string;
  /** SIRET of the establishment `operateurReferencant` referenced, and his approved request. */
  referencement: { siret: string; demandeId: string };
  /** Id of the demo superviseur's account (his page in /administration/superviseurs). */
  superviseur: string;
}

/** One page of the list. */
export interface PageDuSite {
  /** Readable and unique: names the tests and the screenshots. */
  nom: string;
  /** Path to open (redirects are followed), from the seeded data. */
  chemin: (site: DonneesSite) => string;
  /** Who may see it: the page is looked at as each of them. */
  visiteurs: readonly Visiteur[];
  /** HTTP status expected on arrival; 200 when absent. */
  statut?: number;
}

const DEMANDEURS_AVEC_CGU = [
  "demandeurSansDemande",
  "demandeurBrouillon",
  "demandeurDepose",
  "demandeurIncomplet",
  "demandeurEnEdition",
  "demandeurRefuse",
  "operateurAgree",
] as const satisfies readonly Visiteur[];

/** Roles that see every file page and the list of all files (spec §6 gate `staff`). */
const EQUIPE = [
  "instructeur",
  "superviseur",
  "crhh",
  "mar_admin",
  "anah_centrale",
] as const satisfies readonly Visiteur[];

/** One visitor per header menu (the navigation differs by role, spec §6). */
const UN_PAR_MENU = [
  "anonyme",
  "sansRole",
  "demandeurSansDemande",
  "operateurAgree",
  ...EQUIPE,
  "admin_fonctionnel",
] as const satisfies readonly Visiteur[];

const dossier = (famille: Famille) => (site: DonneesSite) =>
  `/dossier/demande/${site.dossiers[famille]}`;
const action = (famille: Famille, code: string) => (site: DonneesSite) =>
  `/dossier/demande/${site.dossiers[famille]}/action/${code}`;
const etapeBrouillon = (etape: number) => (site: DonneesSite) =>
  `/demande/formulaire?id=${site.brouillon}&etape=${etape}`;

const PAGES_PUBLIQUES: PageDuSite[] = [
  { nom: "Accessibilité", chemin: () => "/accessibilite", visiteurs: ["anonyme", "instructeur"] },
  {
    nom: "Mentions légales",
    chemin: () => "/mentions-legales",
    visiteurs: ["anonyme", "instructeur"],
  },
  {
    nom: "Données personnelles",
    chemin: () => "/donnees-personnelles",
    visiteurs: ["anonyme", "instructeur"],
  },
  {
    nom: "Conditions générales d'utilisation",
    chemin: () => "/conditions-generales-utilisation",
    visiteurs: ["anonyme", "demandeurSansDemande"],
  },
  {
    nom: "Gestion des cookies",
    chemin: () => "/gestion-des-cookies",
    visiteurs: ["anonyme", "instructeur"],
  },
  { nom: "Plan du site", chemin: () => "/plan-de-site", visiteurs: UN_PAR_MENU },
  {
    nom: "Trouver un accompagnateur",
    chemin: () => "/trouver-un-accompagnateur",
    visiteurs: ["anonyme", "demandeurSansDemande"],
  },
  {
    nom: "Trouver un accompagnateur, choix de la commune",
    chemin: () => "/trouver-un-accompagnateur?recherche=saint-d",
    visiteurs: ["anonyme"],
  },
  {
    nom: "Trouver un accompagnateur, résultats",
    chemin: () => "/trouver-un-accompagnateur?recherche=75011",
    visiteurs: ["anonyme"],
  },
  { nom: "Connexion", chemin: () => "/account/login", visiteurs: ["anonyme"] },
  { nom: "Création de compte", chemin: () => "/creation-compte", visiteurs: ["anonyme"] },
  {
    nom: "Nouveau lien d'activation",
    chemin: () => "/creation-compte/nouveau-lien",
    visiteurs: ["anonyme"],
  },
  {
    nom: "Compte créé",
    chemin: () => "/creation-compte/succes",
    visiteurs: ["anonyme"],
  },
  {
    nom: "Lien d'activation non valable",
    chemin: () => "/creation-compte/confirmation?token=lien-perime",
    visiteurs: ["anonyme"],
  },
  {
    nom: "Lien de changement d'adresse non valable",
    chemin: () => "/account/confirmation-email?token=lien-perime",
    visiteurs: ["anonyme"],
  },
  {
    nom: "Page non trouvée",
    chemin: () => "/cette-page-n-existe-pas",
    visiteurs: ["anonyme", "instructeur"],
    statut: 404,
  },
  {
    nom: "Accès non autorisé (retour de connexion rejoué)",
    chemin: () => "/account/callback?code=rejoue&state=inconnu",
    visiteurs: ["anonyme"],
    statut: 401,
  },
];

const PAGES_DU_COMPTE: PageDuSite[] = [
  {
    nom: "Accueil",
    chemin: () => "/",
    visiteurs: [...DEMANDEURS_AVEC_CGU, ...EQUIPE, "admin_fonctionnel"],
  },
  {
    nom: "Accueil après une notification",
    // /mon-agrement sends an applicant without approval home with a toast.
    chemin: () => "/mon-agrement",
    visiteurs: ["demandeurSansDemande"],
  },
  { nom: "Compte sans rôle", chemin: () => "/unauthorised", visiteurs: ["sansRole"] },
  { nom: "Conditions à accepter", chemin: () => "/cgu", visiteurs: ["demandeurCguAValider"] },
  {
    nom: "Paramètres du compte",
    chemin: () => "/account/params",
    visiteurs: [...EQUIPE, "admin_fonctionnel", "demandeurSansDemande", "operateurAgree"],
  },
  {
    nom: "Se déconnecter",
    chemin: () => "/account/logout",
    visiteurs: ["instructeur", "demandeurSansDemande"],
  },
  {
    nom: "Accès refusé",
    chemin: () => "/mes-dossiers/demande",
    visiteurs: ["demandeurSansDemande"],
    statut: 403,
  },
];

const PAGES_DEMANDEUR: PageDuSite[] = [
  {
    nom: "Nouvelle demande – étape 1",
    chemin: () => "/demande/formulaire",
    visiteurs: ["demandeurSansDemande"],
  },
  ...[1, 2, 3, 4].map((etape): PageDuSite => ({
    nom: `Brouillon – étape ${etape}`,
    chemin: etapeBrouillon(etape),
    visiteurs: ["demandeurBrouillon"],
  })),
  {
    nom: "Supprimer le brouillon",
    chemin: (site) => `/demande/demande/annulation/${site.brouillon}`,
    visiteurs: ["demandeurBrouillon"],
  },
  {
    nom: "Confirmation du dépôt",
    chemin: (site) => `/demande/demande/confirmation/${site.dossiers.deposee}?actionType=DEPOSER`,
    visiteurs: ["demandeurDepose"],
  },
  {
    nom: "Récapitulatif de la demande déposée",
    chemin: (site) => `/demande/demande/recapitulatif/${site.dossiers.deposee}`,
    visiteurs: ["demandeurDepose"],
  },
  {
    nom: "Récapitulatif de la demande agréée",
    chemin: (site) => `/demande/demande/recapitulatif/${site.dossiers.agree}`,
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Annuler la demande",
    chemin: (site) => `/demande/demande/annulation/${site.dossiers.deposee}`,
    visiteurs: ["demandeurDepose"],
  },
  {
    nom: "Compléter la demande",
    chemin: (site) => `/demande/demande/completude/${site.dossiers.incomplete}`,
    visiteurs: ["demandeurIncomplet"],
  },
  { nom: "Mon agrément", chemin: () => "/mon-agrement", visiteurs: ["operateurAgree"] },
  {
    nom: "Établissements référencés",
    chemin: () => "/referencement",
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Référencer un établissement",
    chemin: () => "/referencement/nouveau",
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Établissements référencés, un établissement",
    chemin: () => "/referencement",
    visiteurs: ["operateurReferencant"],
  },
  {
    nom: "Détail d'un établissement référencé",
    chemin: (site) => `/referencement/${site.referencement.siret}`,
    visiteurs: ["operateurReferencant"],
  },
  // Annual activity report: the approval of the seeded operator is granted this year, so no
  // report is owed (ADR 0017): the section's list and a year's synthesis.
  {
    nom: "Rapport annuel d'activité",
    chemin: () => "/rapport-annuel-activite",
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Synthèse du rapport annuel d'activité",
    chemin: () => `/rapport-annuel-activite/${new Date().getFullYear() - 1}/synthese`,
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Rapport annuel d'activité déposé",
    chemin: () => `/rapport-annuel-activite/confirmation?annee=${new Date().getFullYear() - 1}`,
    visiteurs: ["operateurAgree"],
  },
  // The operator's notable changes (none yet) and step 1 of a new perimeter extension.
  {
    nom: "Mes demandes de changement notable",
    chemin: () => "/mes-demandes-changement-notable",
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Nouvelle demande d'extension du périmètre",
    chemin: () =>
      "/mes-demandes-changement-notable/extension-perimetre/formulaire?type=extension+perimetre",
    visiteurs: ["operateurAgree"],
  },
  {
    nom: "Dossier agréé avec ses établissements",
    chemin: (site) => `/dossier/demande/${site.referencement.demandeId}`,
    visiteurs: ["superviseur"],
  },
  {
    nom: "Messagerie de la demande",
    chemin: (site) => `/messagerie/demande?id=${site.dossiers.deposee}`,
    visiteurs: ["demandeurDepose", "instructeur", "mar_admin"],
  },
];

const PAGES_EQUIPE: PageDuSite[] = [
  {
    nom: "Tous les dossiers – demandes d'agrément",
    chemin: () => "/tous-les-dossiers/demande",
    visiteurs: EQUIPE,
  },
  {
    nom: "Tous les dossiers – changements notables",
    chemin: () => "/tous-les-dossiers/changements-notables",
    visiteurs: EQUIPE,
  },
  {
    nom: "Tous les dossiers – recherche sans résultat",
    chemin: () => "/tous-les-dossiers/demande?query=aucun-dossier-zzz",
    visiteurs: ["superviseur"],
  },
  {
    nom: "Mes dossiers – demandes d'agrément",
    chemin: () => "/mes-dossiers/demande",
    visiteurs: ["instructeur", "superviseur"],
  },
  {
    nom: "Mes dossiers – changements notables",
    chemin: () => "/mes-dossiers/changements-notables",
    visiteurs: ["instructeur", "superviseur"],
  },
  ...(Object.keys(FAMILLES) as Famille[]).map((famille): PageDuSite => ({
    nom: `Dossier ${FAMILLES[famille].libelle}`,
    chemin: dossier(famille),
    visiteurs: EQUIPE,
  })),
  ...(
    [
      ["deposee", "AFFECTER_INSTRUCTEUR", "superviseur"],
      ["affectee", "REAFFECTER_INSTRUCTEUR", "superviseur"],
      ["affectee", "DEMANDER_COMPLEMENT_COMPLETUDE", "instructeur"],
      ["affectee", "CONFIRMER_COMPLETUDE", "instructeur"],
      ["affectee", "RETOURNER_EN_EDITION", "instructeur"],
      ["affectee", "PROPOSER_REFUS_DEMANDE", "instructeur"],
      ["complete", "EXPRIMER_AVIS_CRHH", "crhh"],
      ["instruite_crhh", "EXPRIMER_AVIS_INSTRUCTEUR", "instructeur"],
      ["instruite_superviseur", "EXPRIMER_AVIS_DECIDEUR", "superviseur"],
      ["refus_en_attente", "CONFIRMER_REFUS", "superviseur"],
      ["agree", "CREER_PROCEDURE", "superviseur"],
      ["agree", "MODIFIER_AGREMENT", "superviseur"],
      ["agrement_procedure_en_cours", "TERMINER_PROCEDURE", "superviseur"],
    ] as const
  ).map(([famille, code, visiteur]): PageDuSite => ({
    nom: `Action ${code} (dossier ${FAMILLES[famille].libelle})`,
    chemin: action(famille, code),
    visiteurs: [visiteur],
  })),
  {
    nom: "Gestion des comptes",
    chemin: () => "/gestion-des-comptes",
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Gestion des comptes – recherche d'un SIREN",
    chemin: () => "/gestion-des-comptes?query=832915474",
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Bandeaux d'information (administration)",
    chemin: () => "/administration/bandeaux",
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Superviseurs (administration)",
    chemin: () => "/administration/superviseurs",
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Un superviseur, sa borne et son historique (administration)",
    chemin: (site) => `/administration/superviseurs/${site.superviseur}`,
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Fonctionnalités (administration)",
    chemin: () => "/administration/fonctionnalites",
    visiteurs: ["admin_fonctionnel"],
  },
  {
    nom: "Liste des établissements référencés",
    chemin: () => "/etablissements/liste",
    visiteurs: ["instructeur", "superviseur", "anah_centrale"],
  },
  {
    nom: "Liste des établissements – recherche sans résultat",
    chemin: () => "/etablissements/liste?query=aucun-etablissement-zzz",
    visiteurs: ["superviseur"],
  },
  // The approvals list (the page of one approval: e2e/agrements.spec.ts).
  {
    nom: "Liste des agréments",
    chemin: () => "/agrements",
    visiteurs: ["instructeur", "superviseur", "mar_admin", "anah_centrale"],
  },
  {
    nom: "Liste des agréments – recherche sans résultat",
    chemin: () => "/agrements?query=aucun-agrement-zzz&etat[]=retire",
    visiteurs: ["anah_centrale"],
  },
  {
    nom: "Suivi de l'activité",
    chemin: () => "/activite",
    visiteurs: ["instructeur", "superviseur", "mar_admin", "anah_centrale"],
  },
  {
    nom: "Suivi de l'activité – filtré par région et période",
    chemin: () => "/activite?dateDebut=2025-01-01&dateFin=2026-12-31&region[]=11",
    visiteurs: ["anah_centrale"],
  },
  {
    nom: "Suivi de l'activité – fin de période avant le début",
    chemin: () => "/activite?dateDebut=2026-05-01&dateFin=2026-04-01",
    visiteurs: ["anah_centrale"],
  },
  {
    nom: "Référentiel des établissements",
    chemin: () => "/etablissements/reference",
    visiteurs: ["mar_admin", "anah_centrale"],
  },
  {
    nom: "Référentiel des établissements – recherche d'une société",
    chemin: () => "/etablissements/reference?raisonSociale=renov",
    visiteurs: ["anah_centrale"],
  },
];

/** The whole list, in the order of the site: public, account, applicant, staff. */
export const PAGES_DU_SITE: readonly PageDuSite[] = [
  ...PAGES_PUBLIQUES,
  ...PAGES_DU_COMPTE,
  ...PAGES_DEMANDEUR,
  ...PAGES_EQUIPE,
];

/** `texte` as a file-name part: no accents, lower case, dashes. */
export function enSlug(texte: string): string {
  return texte
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** File name of the screenshot of `page` as `visiteur` at `largeur` (captures/). */
export function nomCapture(page: PageDuSite, visiteur: Visiteur, largeur: Largeur): string {
  const motsDuVisiteur = visiteur.replace(/([a-z])([A-Z])/g, "$1-$2");
  return `${enSlug(page.nom)}--${enSlug(motsDuVisiteur)}--${largeur}.png`;
}
