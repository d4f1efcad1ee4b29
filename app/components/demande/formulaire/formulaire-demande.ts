import { formulaireEtapes } from "~/components/dossier/formulaire-etapes";

export type NumeroEtape = 1 | 2 | 3 | 4;

/** The approval request's form (spec §2 "Other screens": four steps, in order; §5 one active request per company). */
export const FORMULAIRE_DEMANDE = formulaireEtapes<NumeroEtape>({
  titre: "Demande d'agrément",
  etapes: {
    1: "Informations sur la structure",
    2: "Activités de la structure",
    3: "Pièces justificatives",
    4: "Récapitulatif",
  },
  chemin: "/demande/formulaire",
  creationImpossible: {
    titre: "Vous ne pouvez pas créer de nouvelle demande",
    retour: { href: "/", libelle: "Retour à l'accueil" },
  },
});
