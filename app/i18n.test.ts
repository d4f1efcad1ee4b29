import { describe, expect, it } from "vitest";
import common from "~/locales/fr/common";
import notification from "~/locales/fr/notification";
import validation from "~/locales/fr/validation";
import { actionSuccessMessage, lookup, t } from "./i18n";

// Spec §8: the actions whose success has a notification.
const SPEC_ACTIONS = [
  "DEPOSER",
  "DEPOSER_EN_EDITION",
  "DEMANDER_COMPLEMENT_COMPLETUDE",
  "DONNER_COMPLEMENT",
  "AFFECTER_INSTRUCTEUR",
  "REAFFECTER_INSTRUCTEUR",
  "CONFIRMER_COMPLETUDE",
  "RETOURNER_EN_EDITION",
  "EXPRIMER_AVIS_CRHH",
  "EXPRIMER_AVIS_INSTRUCTEUR",
  "EXPRIMER_AVIS_SUPERVISEUR",
  "ANNULER_DEMANDE",
  "DEMANDER_COMPLEMENT",
  "REJETER_TACITEMENT_DOSSIER",
  "MODIFIER_PROCEDURE",
  "TERMINER_PROCEDURE",
  "MODIFIER_AGREMENT",
  "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
];

describe("textes de l'interface (app/locales/fr)", () => {
  it("n'a pas deux fichiers qui définissent la même clé de premier niveau", () => {
    const keys = [common, notification, validation].flatMap((file) => Object.keys(file));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("remplace les variables {{nom}}", () => {
    expect(t("erreur.codeErreur", { status: 404 })).toBe("Erreur 404");
    expect(t("validation.min", { min: 3 })).toBe("Cette valeur est inférieur à 3");
  });

  it("renvoie null pour une clé inconnue ou qui n'est pas un texte", () => {
    expect(lookup("notification.action.success.demande.INEXISTANT")).toBeNull();
    expect(lookup("notification.action.success")).toBeNull();
    expect(lookup("toString")).toBeNull();
  });

  it.each(["demande", "changement-notable"])(
    "a une phrase de succès pour chaque action du §8 (%s)",
    (kind) => {
      for (const action of SPEC_ACTIONS) {
        expect(
          lookup(`notification.action.success.${kind}.${action}`),
          `${kind}.${action}`,
        ).toMatch(/^[A-ZÉL].+\.$/);
      }
      for (const type of ["retrait_avec_suspension", "retrait_sans_suspension"]) {
        expect(lookup(`notification.action.success.${kind}.CREER_PROCEDURE.${type}`)).toMatch(
          /\.$/,
        );
      }
    },
  );

  it("construit le message de succès d'une action, avec le type pour CREER_PROCEDURE", () => {
    expect(actionSuccessMessage("demande", "DEPOSER")).toBe("La demande a bien été déposée.");
    expect(actionSuccessMessage("demande", "CREER_PROCEDURE", "retrait_avec_suspension")).toContain(
      "avec suspension",
    );
    expect(actionSuccessMessage("demande", "ACTION_INCONNUE")).toBe(
      "L'action a bien été effectuée.",
    );
  });

  it("a une phrase de succès pour chaque action du demandeur d'une extension de périmètre (ADR 0020)", () => {
    for (const action of [
      "ENREGISTRER_BROUILLON",
      "VALIDER_DEPOSER",
      "DEPOSER",
      "DONNER_COMPLEMENT",
      "ANNULER_DEMANDE",
    ])
      expect(lookup(`notification.action.success.changement-notable.${action}`), action).toMatch(
        /^[A-ZÉL].+\.$/,
      );
  });

  it("garde les textes imposés par la spécification", () => {
    expect(t("erreur.404.titre")).toBe("Page non trouvée");
    expect(t("erreur.401.titre")).toBe("Accès non autorisé");
    expect(t("erreur.401.sousTitre")).toBe("Cette page n'est pas accessible au public");
    expect(t("erreur.403.titre")).toBe("Non Autorisé");
    expect(t("erreur.500.titre")).toBe("Erreur Serveur");
    expect(t("erreur.500.sousTitre")).toBe("Une erreur est survenue");
    expect(t("layout.masquerMessage")).toBe("Masquer le message");
    expect(t("formulaire.champsObligatoires")).toBe(
      "Les champs marqués d'un astérisque * sont obligatoires",
    );
  });
});
