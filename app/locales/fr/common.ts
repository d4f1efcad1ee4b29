/**
 * Texts of the interface (DESIGN §7: French only). The spec's texts (spec
 * §2 "Masquer le message", §8 error pages) come from the catalogue
 * (contract/messages); the others are the portal's own.
 */
import { MESSAGES_INTERFACE, PAGES_ERREUR } from "#contract/messages/index";

export default {
  application: {
    nom: "Mon Accompagnateur Rénov'",
    slogan: "Agrément des opérateurs – Anah",
    marque: "République Française",
    contact: "mar-agrement@anah.gouv.fr",
  },
  layout: {
    chargement: "Chargement en cours",
    liensEvitement: {
      contenu: "Contenu",
      menu: "Menu",
      piedDePage: "Pied de page",
    },
    hautDePage: "Haut de page",
    notifications: "Notifications",
    masquerMessage: MESSAGES_INTERFACE.masquerMessage,
  },
  header: {
    seConnecter: "Se connecter",
    creerUnCompte: "Créer un compte",
    accueil: "Accueil",
    seDeconnecter: "Se déconnecter",
    menu: "Menu",
    fermer: "Fermer",
    menuPrincipal: "Menu principal",
    lienAccueil: "Accueil - {{nom}}",
    parametresDuCompte: "Paramètres du compte de {{nom}}",
  },
  navigation: {
    accueil: "Accueil",
    monAgrement: "Mon agrément",
    etablissementsReferences: "Établissements référencés",
    mesDemandesChangementNotable: "Mes demandes de changement notable",
    rapportAnnuelActivite: "Rapport annuel d'activité",
    mesDossiers: "Mes dossiers",
    tousLesDossiers: "Tous les dossiers",
    activite: "Activité",
    agrements: "Agréments",
    etablissements: "Établissements",
    referentielEtablissements: "Référentiel des établissements",
    listeEtablissements: "Liste des établissements",
    gestionDesComptes: "Gestion des comptes",
    bandeaux: "Bandeaux",
    fonctionnalites: "Fonctionnalités",
    superviseurs: "Superviseurs",
  },
  footer: {
    description:
      "Le portail des agréments Mon Accompagnateur Rénov' permet aux structures candidates de déposer leur demande d'agrément auprès de l'Agence nationale de l'habitat, et aux services de l'Anah de les instruire.",
    donneesPersonnelles: "Données personnelles",
    cgu: "Conditions générales d'utilisation",
    gestionCookies: "Gestion des cookies",
    guideIntervenant: "Guide de l'intervenant",
    trouverAccompagnateur: "Trouver un accompagnateur",
    nouvelleFenetre: "nouvelle fenêtre",
    aide: {
      titre: "Besoin d'aide ?",
      description:
        "Pour toute question sur l'instruction des demandes d'agrément ou sur le fonctionnement du portail, écrivez à l'équipe nationale Mon Accompagnateur Rénov' :",
    },
  },
  fildAriane: {
    accueil: "Accueil",
  },
  erreur: {
    retourAccueil: "Page d'accueil",
    contacter: "Nous contacter",
    codeErreur: "Erreur {{status}}",
    "404": {
      titre: PAGES_ERREUR[404].titre,
      sousTitre:
        "La page que vous cherchez est introuvable. Excusez-nous pour la gêne occasionnée.",
      description:
        "Si vous avez tapé l'adresse web dans le navigateur, vérifiez qu'elle est correcte. La page n'est peut-être plus disponible. Dans ce cas, pour continuer votre visite, vous pouvez consulter notre page d'accueil. Sinon, contactez-nous pour que l'on puisse vous rediriger vers la bonne information.",
    },
    "401": {
      titre: PAGES_ERREUR[401].titre,
      sousTitre: PAGES_ERREUR[401].sousTitre,
      description:
        "Connectez-vous avec un compte autorisé pour consulter cette page. Si vous pensez que vous devriez y avoir accès, contactez-nous.",
    },
    "403": {
      titre: PAGES_ERREUR[403].titre,
      sousTitre: "Vous n'avez pas les droits nécessaires pour consulter cette page.",
      description:
        "Votre compte ne permet pas d'accéder à ce contenu. Si vous pensez qu'il s'agit d'une erreur, contactez-nous en précisant l'adresse de la page.",
    },
    "500": {
      titre: PAGES_ERREUR[500].titre,
      sousTitre: PAGES_ERREUR[500].sousTitre,
      description:
        "Désolé, le service rencontre un problème, nous travaillons pour le résoudre le plus rapidement possible. Essayez de rafraîchir la page ou bien réessayez plus tard. Si le problème persiste, contactez-nous.",
    },
    autre: {
      titre: PAGES_ERREUR.autre.titre,
      sousTitre: "La demande n'a pas pu aboutir.",
      description:
        "Revenez à la page précédente ou à la page d'accueil et réessayez. Si le problème persiste, contactez-nous.",
    },
  },
  nonAutorise: {
    titre: PAGES_ERREUR[401].titre,
    sousTitre: "Votre compte n'a aucun rôle sur ce portail",
    description:
      "Vous êtes bien connecté, mais votre compte n'est rattaché à aucun profil du portail des agréments Mon Accompagnateur Rénov' (structure demandeuse, instruction ou services centraux de l'Anah). Si vous pensez qu'il s'agit d'une erreur, écrivez-nous en indiquant l'adresse électronique de votre compte et votre structure ou votre service.",
    contact: "Contacter l'équipe Mon Accompagnateur Rénov'",
  },
  formulaire: {
    champsObligatoires: "Les champs marqués d'un astérisque * sont obligatoires",
  },
  cookies: {
    titre: "Gestion des cookies",
    accepter: "Tout accepter",
    refuser: "Tout refuser",
    etatAccepte: "Vous avez accepté la mesure d'audience.",
    etatRefuse: "Vous avez refusé la mesure d'audience.",
    etatInconnu:
      "Vous n'avez pas encore fait de choix : aucune mesure d'audience n'est réalisée tant que vous ne l'avez pas acceptée.",
    toastAccepte: "Votre choix a bien été enregistré : la mesure d'audience est activée.",
    toastRefuse: "Votre choix a bien été enregistré : la mesure d'audience est désactivée.",

    bandeauTitre: "Cookies et mesure d'audience",
    bandeauTexte:
      "Avec votre accord, nous mesurons l'audience du portail pour l'améliorer, sans transmettre votre identifiant en clair.",
    personnaliser: "Personnaliser",
    accepterTitre: "Autoriser tous les cookies",
    refuserTitre: "Refuser tous les cookies",
    personnaliserTitre: "Personnaliser les cookies",
  },
};
