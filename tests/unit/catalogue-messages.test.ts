/**
 * The message catalogue (contract/messages/) against the spec: every entry
 * is pinned to the literal text of /work/shared/spec/product-spec.md. The
 * expected strings below are COPIED from the spec, never read from the
 * catalogue, so that changing a text in the catalogue fails here; the
 * other tests may then use the catalogue's keys.
 */
import { describe, expect, it } from "vitest";
import {
  CATALOGUE_MESSAGES,
  MESSAGES_VALIDATION,
  TEXTE_RECOURS,
  formater,
  messageValidation,
  versModeleInterface,
} from "../../contract/messages/index.ts";

/** Entries whose whole text the spec gives, copied from it (section in comment). */
const TEXTES_DE_LA_SPEC: Record<string, string> = {
  // §5 Generic messages
  "validation.required": "Ce champ est requis",
  "validation.email": "Cet email n'est pas valide",
  "validation.pattern": "Le champ n'est pas au bon format",
  "validation.min": "Cette valeur est inférieur à {min}",
  "validation.max": "Cette valeur est supérieur à {max}",
  "validation.minlength": "Ce champ doit contenir au moins {n} caractères.",
  "validation.mismatch": "Les valeurs ne sont pas égales",
  "validation.inconnu": "Validator {key} is not valid",
  // §5 Phone
  "validation.telephone":
    "Le numéro de téléphone saisi : {value} ne correspond pas au format demandé",
  // §5 Dates
  "validation.dateBefore": "La date doit être inférieure à la date du jour",
  "interface.saisieDate": "Renseignez une date",
  // §5 Attachments
  "validation.maxPj": "Le nombre de fichier dépasse le maximum attendu",
  // §5 Numbers
  "validation.float": "Le format n'est pas correct",
  "validation.integer": "Veuillez saisir un nombre entier",
  // §5 ETP
  "validation.tousLesChamps": "Tous les champs doivent être remplis.",
  // §5 Perimeter
  "validation.perimetre": "Le périmètre d'intervention est requis",
  "validation.regionDejaDansPerimetre":
    "Cette région fait déjà partie de votre périmètre d'intervention",
  // §5 Multi-select
  "interface.aucunResultat": "Aucun résultat",
  "interface.resultatsDisponibles": "{n} résultats disponibles.",
  // §2 Shared interface pieces, Home for applicants
  "interface.masquerMessage": "Masquer le message",
  "interface.aucuneDemande": "Aucune demande en cours",
  "interface.aReferencer": "À référencer",
  "interface.aCompleter": "À compléter",
  // §8 The error catalogue
  "erreurs.403": "Forbidden",
  "erreurs.418": "Aucun résultat",
  "erreurs.verifyToken":
    "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.",
  "pagesErreur.404.titre": "Page non trouvée",
  "pagesErreur.401.titre": "Accès non autorisé",
  "pagesErreur.401.sousTitre": "Cette page n'est pas accessible au public",
  "pagesErreur.403.titre": "Non Autorisé",
  "pagesErreur.500.titre": "Erreur Serveur",
  "pagesErreur.500.sousTitre": "Une erreur est survenue",
  "pagesErreur.autre.titre": "Une erreur est survenue",
};

/**
 * Entries of which the spec gives only a part (`spec`, copied from it) or
 * the content in English (§8 appeal: "a two-month appeal period (informal
 * or hierarchical appeal, or court)"): the parts must be there, and the
 * whole text decided from them is pinned too.
 */
const TEXTES_PARTIELS: Record<string, { spec: string[]; texte: string }> = {
  // §5 Accounts: "SIREN 9 digits with or without spaces ('Ce SIREN est invalide...')"
  "validation.siren": {
    spec: ["Ce SIREN est invalide"],
    texte:
      "Ce SIREN est invalide : il doit comporter 9 chiffres (espaces acceptés) et correspondre à un numéro SIREN existant.",
  },
  // §5 Numbers: "maximum 'inférieure ou égale à {valueMax}'"
  "validation.maximum": {
    spec: ["inférieure ou égale à {valueMax}"],
    texte: "La valeur doit être inférieure ou égale à {valueMax}",
  },
  "recours.titre": { spec: ["recours"], texte: "Voies et délais de recours" },
  "recours.introduction": {
    spec: ["deux mois"],
    texte:
      "La présente décision peut être contestée dans un délai de deux mois à compter de sa notification :",
  },
  "recours.voies.0": {
    spec: ["recours gracieux"],
    texte: "par un recours gracieux auprès de l'Agence nationale de l'habitat (Anah) ;",
  },
  "recours.voies.1": {
    spec: ["recours hiérarchique"],
    texte: "par un recours hiérarchique auprès du directeur général de l'Anah ;",
  },
  "recours.voies.2": {
    spec: ["recours contentieux", "tribunal administratif"],
    texte:
      "par un recours contentieux devant le tribunal administratif territorialement compétent, qui peut aussi être saisi par l'application « Télérecours citoyens » accessible sur le site www.telerecours.fr.",
  },
  "recours.conclusion": {
    spec: ["deux mois"],
    texte:
      "Un recours gracieux ou hiérarchique formé dans ce délai le prolonge : le délai du recours contentieux court de nouveau à compter de la réponse de l'administration, son silence gardé pendant deux mois valant rejet.",
  },
};

/**
 * Entries the spec does not give but the portal needs (form errors as the
 * DSFR and RGAA want them; every refusal a portal page), pinned to the
 * text decided for them.
 */
const TEXTES_DE_L_ISSUE_21: Record<string, string> = {
  "interface.prefixeTitreErreur": "Erreur : ",
  "interface.resumeErreurs": "Le formulaire contient des erreurs",
  "interface.methodeNonAutorisee":
    "Cette page ne peut pas recevoir ce que votre navigateur lui a envoyé. Revenez à la page précédente ou à la page d'accueil et réessayez.",
  // ADR 0032: the 503 of an unreachable database.
  "interface.serviceIndisponible":
    "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.",
};

/**
 * Entries the spec does not give but the endpoint declarations need (a
 * request that breaks its declaration is refused with 400 in French),
 * pinned to the text decided for them.
 */
const TEXTES_DE_L_ISSUE_23: Record<string, string> = {
  "erreurs.parametreInconnu": "Paramètre inconnu : « {nom} ».",
  "erreurs.champInconnu": "Champ inconnu : « {nom} ».",
};

/**
 * Entries the spec does not give but the perimeter extension needs beside
 * the spec's région text, pinned to the text decided for them.
 */
const TEXTES_DE_L_ISSUE_14: Record<string, string> = {
  "validation.departementDejaDansPerimetre":
    "Ce département fait déjà partie de votre périmètre d'intervention",
};

/**
 * Entries of spec §5 rules the spec names without a text (`noNumbers`,
 * `notValidRegex`) and of a field's own text for a key ("field.key", looked
 * up first), pinned to the text decided for them.
 */
const TEXTES_DES_REGLES_SANS_TEXTE: Record<string, string> = {
  "validation.noNumbers": "Ce champ ne doit pas contenir de chiffres",
  "validation.notValidRegex": "La valeur saisie ne respecte pas le format attendu",
  "validationParChamp.codePostal.notValidRegex": "Le code postal doit comporter 5 chiffres.",
};

/** The catalogue as "concept.key[.subkey]" → text. */
function entrees(noeud: unknown, prefixe = ""): [string, unknown][] {
  if (typeof noeud !== "object" || noeud === null) return [[prefixe, noeud]];
  return Object.entries(noeud).flatMap(([cle, valeur]) =>
    entrees(valeur, prefixe ? `${prefixe}.${cle}` : cle),
  );
}

const CATALOGUE = new Map(entrees(CATALOGUE_MESSAGES));

describe("catalogue des messages (contract/messages) épinglé au texte de la spécification", () => {
  it("n'a aucune entrée qui ne soit pas épinglée ci-dessous, ni d'entrée épinglée absente", () => {
    const epinglees = [
      ...Object.keys(TEXTES_DE_LA_SPEC),
      ...Object.keys(TEXTES_PARTIELS),
      ...Object.keys(TEXTES_DE_L_ISSUE_21),
      ...Object.keys(TEXTES_DE_L_ISSUE_23),
      ...Object.keys(TEXTES_DE_L_ISSUE_14),
      ...Object.keys(TEXTES_DES_REGLES_SANS_TEXTE),
    ];
    expect([...CATALOGUE.keys()].sort()).toEqual(epinglees.sort());
  });

  it.each(Object.entries(TEXTES_DE_LA_SPEC))(
    "%s est le texte littéral de la spec",
    (cle, texte) => {
      expect(CATALOGUE.get(cle)).toBe(texte);
    },
  );

  it.each(Object.entries(TEXTES_DE_L_ISSUE_21))("%s est le texte retenu", (cle, texte) => {
    expect(CATALOGUE.get(cle)).toBe(texte);
  });

  it.each(Object.entries(TEXTES_DE_L_ISSUE_14))("%s est le texte retenu", (cle, texte) => {
    expect(CATALOGUE.get(cle)).toBe(texte);
  });

  it.each(Object.entries(TEXTES_DES_REGLES_SANS_TEXTE))(
    "%s est le texte fixé pour une règle que la spec nomme sans texte",
    (cle, texte) => {
      expect(CATALOGUE.get(cle)).toBe(texte);
    },
  );

  it("cherche le texte d'une erreur par « champ.clé », puis par clé, puis « Validator {key} is not valid »", () => {
    expect(messageValidation("notValidRegex", "codePostal")).toBe(
      "Le code postal doit comporter 5 chiffres.",
    );
    expect(messageValidation("notValidRegex", "siteInternet")).toBe(
      "La valeur saisie ne respecte pas le format attendu",
    );
    expect(messageValidation("required", "codePostal")).toBe("Ce champ est requis");
    expect(messageValidation("noNumbers")).toBe("Ce champ ne doit pas contenir de chiffres");
    expect(messageValidation("invalid_union", "qualites")).toBe(
      "Validator invalid_union is not valid",
    );
    expect(messageValidation("toString")).toBe("Validator toString is not valid");
  });

  it.each(Object.entries(TEXTES_DE_L_ISSUE_23))("%s est le texte retenu", (cle, texte) => {
    expect(CATALOGUE.get(cle)).toBe(texte);
  });

  it.each(Object.entries(TEXTES_PARTIELS))(
    "%s contient ce que la spec en donne, et son texte est fixé",
    (cle, { spec, texte }) => {
      for (const partie of spec) expect(CATALOGUE.get(cle)).toContain(partie);
      expect(CATALOGUE.get(cle)).toBe(texte);
    },
  );

  it("donne les voies de recours en un paragraphe pour les pages et les courriels", () => {
    expect(TEXTE_RECOURS).toBe(
      "La présente décision peut être contestée dans un délai de deux mois à compter de sa notification : " +
        "par un recours gracieux auprès de l'Agence nationale de l'habitat (Anah) ; " +
        "par un recours hiérarchique auprès du directeur général de l'Anah ; " +
        "par un recours contentieux devant le tribunal administratif territorialement compétent, qui peut aussi être saisi par l'application « Télérecours citoyens » accessible sur le site www.telerecours.fr. " +
        "Un recours gracieux ou hiérarchique formé dans ce délai le prolonge : le délai du recours contentieux court de nouveau à compter de la réponse de l'administration, son silence gardé pendant deux mois valant rejet.",
    );
  });
});

describe("variables des messages", () => {
  it("remplace chaque {nom} par sa valeur", () => {
    expect(formater(MESSAGES_VALIDATION.min, { min: 3 })).toBe("Cette valeur est inférieur à 3");
    expect(formater(MESSAGES_VALIDATION.telephone, { value: "06 12" })).toBe(
      "Le numéro de téléphone saisi : 06 12 ne correspond pas au format demandé",
    );
  });

  it("laisse une variable sans valeur telle quelle", () => {
    expect(formater("{a} et {b}", { a: 1 } as never)).toBe("1 et {b}");
  });

  it("écrit les variables à la manière de l'interface ({{nom}})", () => {
    expect(versModeleInterface("Ce champ doit contenir au moins {n} caractères.")).toBe(
      "Ce champ doit contenir au moins {{n}} caractères.",
    );
  });
});
