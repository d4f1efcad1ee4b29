/**
 * What every page of the portal shows around its content, written once for
 * the Remix pages (app/components/layout/) and the pages of the embedded
 * identity provider (idp/pages/layout.ts, ADR 0014): the service's
 * name and tagline (spec §2 "Header and menu"), the footer's description,
 * the links a French public site must carry (spec §2, RGAA: accessibility
 * with its conformity level, legal notices, personal data, cookies, site
 * map) and the external sites.
 */

/** The service: name (header title, page titles), tagline under it, the State's block. */
export const MARQUE = {
  nom: "Mon Accompagnateur Rénov'",
  slogan: "Agrément des opérateurs – Anah",
  /** The Marianne block, on two lines. */
  republique: ["République", "Française"],
} as const;

/** Longest header title, in characters (spec §9): longer names are cut with "…". */
export const TITRE_EN_TETE_MAX = 45;

/**
 * `texte` cut to at most `max` characters, ending with "…" when something
 * was cut. Counts code points: an accented letter is never split.
 */
export function tronquer(texte: string, max = TITRE_EN_TETE_MAX): string {
  const caracteres = Array.from(texte);
  if (caracteres.length <= max) return texte;
  if (max < 1) return "";
  return `${caracteres
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** `title` of the links to the home page (header brand, footer brand). */
export const TITRE_LIEN_ACCUEIL = `Accueil - ${MARQUE.nom}`;

/** Id of the header (target of the "Haut de page" link). */
export const ID_EN_TETE = "top";
/** Id of the mobile menu (DSFR modal), also the no-JS `:target` anchor. */
export const ID_MENU_EN_TETE = "header-menu";
/** Id of the footer (target of the "Pied de page" skip link). */
export const ID_PIED_DE_PAGE = "footer";

/** Labels of the header's buttons. */
export const LIBELLES_EN_TETE = {
  menu: "Menu",
  fermer: "Fermer",
  seConnecter: "Se connecter",
  creerUnCompte: "Créer un compte",
} as const;

/** A link of the footer: a page of the portal (`href` from its root) or an external address. */
export interface LienPiedDePage {
  libelle: string;
  href: string;
  /** External site: opened in a new window, said in the `title`. */
  nouvelleFenetre?: boolean;
}

/** Said in the `title` of links that open a new window. */
export const NOUVELLE_FENETRE = "nouvelle fenêtre";

/** The footer's sentence about the service. */
export const DESCRIPTION_PIED_DE_PAGE =
  "Le portail des agréments Mon Accompagnateur Rénov' permet aux structures candidates de déposer leur demande d'agrément auprès de l'Agence nationale de l'habitat, et aux services de l'Anah de les instruire.";

/**
 * Conformity level of the accessibility statement (RGAA): "non conforme"
 * until the portal is audited (spec §2).
 */
export const CONFORMITE_ACCESSIBILITE = "non conforme";

/** The mandatory links of every page, in the DSFR order, to the portal's own pages. */
export const LIENS_OBLIGATOIRES: readonly LienPiedDePage[] = [
  { libelle: "Plan du site", href: "/plan-de-site" },
  { libelle: `Accessibilité : ${CONFORMITE_ACCESSIBILITE}`, href: "/accessibilite" },
  { libelle: "Mentions légales", href: "/mentions-legales" },
  { libelle: "Données personnelles", href: "/donnees-personnelles" },
  { libelle: "Conditions générales d'utilisation", href: "/conditions-generales-utilisation" },
  { libelle: "Gestion des cookies", href: "/gestion-des-cookies" },
];

/** The State's sites of the footer's content (DSFR), opened in a new window. */
export const SITES_PUBLICS = [
  "legifrance.gouv.fr",
  "gouvernement.fr",
  "service-public.fr",
  "data.gouv.fr",
  "anah.gouv.fr",
  "france-renov.gouv.fr",
] as const;

/** The licence of the contents (DSFR footer's last line). */
export const LICENCE = {
  texte:
    "Sauf mention explicite de propriété intellectuelle détenue par des tiers, les contenus de ce site sont proposés sous",
  libelle: "licence etalab-2.0",
  href: "https://github.com/etalab/licence-ouverte/blob/master/LO.md",
} as const;
