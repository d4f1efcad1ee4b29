/**
 * Quick-access tiles of an approved operator's home (spec §2 "Home for
 * applicants": my approval, referenced establishments, change requests,
 * annual report synthesis). One table: each page adds its tile here when it
 * exists, so that no tile leads nowhere.
 */

export interface TuileOperateur {
  id: string;
  titre: string;
  description: string;
  href: string;
}

/** The tiles, in display order. */
export const TUILES_OPERATEUR: readonly TuileOperateur[] = [
  {
    id: "mon-agrement",
    titre: "Mon agrément",
    description: "Numéro, dates de validité, périmètre et attestations de votre agrément.",
    href: "/mon-agrement",
  },
  {
    id: "synthese-rapport-annuel",
    titre: "Synthèse du rapport annuel",
    description: "Vos rapports annuels d'activité par année, leur état et leur synthèse.",
    href: "/rapport-annuel-activite",
  },
];
