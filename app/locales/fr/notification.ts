/**
 * Notification texts (spec §8): success of each action under
 * `notification.action.success.{kind}.{action}` (texts not in the spec,
 * decided here), and the error titles by status, which the spec gives
 * (from the catalogue, contract/messages).
 */
import { MESSAGES_ERREURS, PAGES_ERREUR } from "#contract/messages/index";

export default {
  notification: {
    action: {
      success: {
        demande: {
          ENREGISTRE_BROUILLON_STEP_1: "Le brouillon de la demande a bien été enregistré.",
          ENREGISTRE_BROUILLON_STEP_2: "Le brouillon de la demande a bien été enregistré.",
          ENREGISTRER_BROUILLON: "Le brouillon de la demande a bien été enregistré.",
          APPLIQUER_ARRETE: "La demande a bien été mise à jour selon l'arrêté en vigueur.",
          DEPOSER: "La demande a bien été déposée.",
          DEPOSER_EN_EDITION: "La demande modifiée a bien été déposée.",
          DEMANDER_COMPLEMENT_COMPLETUDE:
            "La demande de complément pour complétude a bien été envoyée au demandeur.",
          DONNER_COMPLEMENT: "Les compléments ont bien été transmis.",
          AFFECTER_INSTRUCTEUR: "Le dossier a bien été affecté.",
          REAFFECTER_INSTRUCTEUR: "Le dossier a bien été réaffecté.",
          CONFIRMER_COMPLETUDE: "La complétude du dossier a bien été confirmée.",
          RETOURNER_EN_EDITION: "La demande a bien été retournée en édition au demandeur.",
          EXPRIMER_AVIS_CRHH: "L'avis du CRHH a bien été enregistré.",
          EXPRIMER_AVIS_INSTRUCTEUR: "L'avis de l'instructeur a bien été enregistré.",
          EXPRIMER_AVIS_SUPERVISEUR: "L'avis du superviseur a bien été enregistré.",
          EXPRIMER_AVIS_DECIDEUR: "La décision a bien été enregistrée.",
          ANNULER_DEMANDE: "La demande a bien été annulée.",
          DEMANDER_COMPLEMENT:
            "La demande de pièces complémentaires a bien été envoyée au demandeur.",
          PROPOSER_REFUS_DEMANDE: "La proposition de refus a bien été transmise au superviseur.",
          CONFIRMER_REFUS: "Le refus de la demande a bien été confirmé.",
          REFUSER_REFUS: "La proposition de refus a bien été écartée : l'instruction reprend.",
          MOTIVER_REFUS: "La motivation du refus a bien été enregistrée.",
          REJETER_TACITEMENT_DOSSIER: "Le rejet tacite du dossier a bien été enregistré.",
          CREER_PROCEDURE: {
            retrait_avec_suspension:
              "La procédure de retrait de l'agrément avec suspension a bien été ouverte.",
            retrait_sans_suspension:
              "La procédure de retrait de l'agrément sans suspension a bien été ouverte.",
          },
          MODIFIER_PROCEDURE: "La procédure a bien été modifiée.",
          TERMINER_PROCEDURE: "La procédure a bien été clôturée.",
          MODIFIER_AGREMENT: "L'agrément a bien été modifié.",
          DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE:
            "La procédure d'annulation de l'extension de périmètre a bien été déposée.",
          RECHARGER_MESSAGERIE: "Les messages ont bien été actualisés.",
        },
        "changement-notable": {
          ENREGISTRER_BROUILLON:
            "Le brouillon de la demande de changement notable a bien été enregistré.",
          VALIDER_DEPOSER: "La demande de changement notable a bien été validée.",
          DEPOSER: "La demande de changement notable a bien été déposée.",
          DEPOSER_EN_EDITION: "La demande de changement notable modifiée a bien été déposée.",
          DEMANDER_COMPLEMENT_COMPLETUDE:
            "La demande de complément pour complétude a bien été envoyée au demandeur.",
          DONNER_COMPLEMENT: "Les compléments ont bien été transmis.",
          AFFECTER_INSTRUCTEUR: "La demande de changement notable a bien été affectée.",
          REAFFECTER_INSTRUCTEUR: "La demande de changement notable a bien été réaffectée.",
          CONFIRMER_COMPLETUDE:
            "La complétude de la demande de changement notable a bien été confirmée.",
          RETOURNER_EN_EDITION:
            "La demande de changement notable a bien été retournée en édition au demandeur.",
          EXPRIMER_AVIS_CRHH: "L'avis du CRHH a bien été enregistré.",
          EXPRIMER_AVIS_INSTRUCTEUR: "L'avis de l'instructeur a bien été enregistré.",
          EXPRIMER_AVIS_SUPERVISEUR: "L'avis du superviseur a bien été enregistré.",
          EXPRIMER_AVIS_DECIDEUR:
            "La décision sur la demande de changement notable a bien été enregistrée.",
          ANNULER_DEMANDE: "La demande de changement notable a bien été annulée.",
          DEMANDER_COMPLEMENT:
            "La demande de pièces complémentaires a bien été envoyée au demandeur.",
          PROPOSER_REFUS_DEMANDE: "La proposition de refus a bien été transmise au superviseur.",
          CONFIRMER_REFUS: "Le refus de la demande de changement notable a bien été confirmé.",
          REFUSER_REFUS: "La proposition de refus a bien été écartée : l'instruction reprend.",
          MOTIVER_REFUS: "La motivation du refus a bien été enregistrée.",
          REJETER_TACITEMENT_DOSSIER:
            "Le rejet tacite de la demande de changement notable a bien été enregistré.",
          CREER_PROCEDURE: {
            retrait_avec_suspension:
              "La procédure de retrait de l'agrément avec suspension a bien été ouverte.",
            retrait_sans_suspension:
              "La procédure de retrait de l'agrément sans suspension a bien été ouverte.",
          },
          MODIFIER_PROCEDURE: "La procédure a bien été modifiée.",
          TERMINER_PROCEDURE: "La procédure a bien été clôturée.",
          MODIFIER_AGREMENT: "L'agrément a bien été modifié.",
          DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE:
            "La décision modificative d'extension du périmètre a bien été déposée.",
          DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE:
            "La procédure d'annulation de l'extension de périmètre accordée tacitement a bien été déposée.",
          RECHARGER_MESSAGERIE: "Les messages ont bien été actualisés.",
        },
        agrement: {
          CREER_RAPPORT_ANNUEL: "Le rapport annuel d'activité a bien été créé.",
          MODIFIER_RAPPORT_ANNUEL: "Le rapport annuel d'activité a bien été enregistré.",
          DEPOSER_RAPPORT_ANNUEL: "Le rapport annuel d'activité a bien été déposé.",
          CREER_EXTENSION_PERIMETRE:
            "La demande d'extension du périmètre d'intervention a bien été créée.",
          MODIFIER_AGREMENT: "L'agrément a bien été modifié.",
        },
        compte: {
          SUPPRIMER_COMPTE: "Le compte a bien été supprimé.",
          MODIFIER_REFERENT_COMPTE: "Le nom du représentant a bien été modifié.",
          MODIFIER_QUALITES_COMPTE: "La qualité de la structure a bien été modifiée.",
          MODIFIER_INFO_SOCIETE: "Les informations de la structure ont bien été modifiées.",
          MODIFIER_MOT_DE_PASSE: "Le mot de passe a bien été modifié.",
          MODIFIER_EMAIL: "L'adresse électronique a bien été modifiée.",
        },
      },
    },
    success: {
      pieceJointeAjoutee: "Le fichier a bien été ajouté.",
      pieceJointeSupprimee: "Le fichier a bien été supprimé.",
      messagerieActualisee: "Les messages ont bien été actualisés.",
      messageEnvoye: "Votre message a bien été envoyé.",
      parametresMailEnregistres: "Vos préférences de notification ont bien été enregistrées.",
      lienChangementEmailEnvoye:
        "Un courriel a été envoyé à {{email}} : si cette adresse n'est pas déjà celle d'un autre compte, il contient un lien de confirmation. Votre adresse de connexion changera quand vous l'aurez suivi.",
      emailModifie: "Votre adresse électronique a bien été modifiée.",
      motDePasseModifie:
        "Votre mot de passe a bien été modifié. Vos autres sessions ouvertes ont été fermées.",
      commentaireModifie: "Le commentaire a bien été enregistré.",
      perimetreModifie: "Le périmètre a bien été mis à jour.",
      compteSupprime: "Le compte a bien été supprimé.",
      nomModifie: "Le nom du représentant a bien été modifié.",
      telephoneModifie: "Le numéro de téléphone a bien été modifié.",
      qualiteModifiee: "La qualité de la structure a bien été modifiée.",
      etablissementReference: "L'établissement a bien été référencé.",
      tousEtablissementsReferences: "Tous les établissements ont bien été référencés.",
    },
    titre: {
      success: "Succès",
      info: "Information",
      warning: "Attention",
      error: "Erreur",
    },
    error: {
      titre: {
        "400": "Requête invalide",
        "403": PAGES_ERREUR[403].titre,
        "404": PAGES_ERREUR[404].titre,
        "409": "Le dossier a été modifié entre-temps",
        "418": MESSAGES_ERREURS[418],
        "422": "Données invalides",
        "500": PAGES_ERREUR[500].titre,
        defaut: PAGES_ERREUR.autre.titre,
      },
      conflit:
        "Une autre personne a modifié ce dossier pendant que vous le consultiez. Rechargez la page pour voir sa version à jour, puis recommencez.",
      aucunResultat: MESSAGES_ERREURS[418],
    },
  },
};
