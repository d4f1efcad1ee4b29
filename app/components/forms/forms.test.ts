import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  CheckboxField,
  CheckboxGroup,
  ErrorSummary,
  Field,
  Fieldset,
  FormErrorSummary,
  FormErrors,
  RadioGroup,
  SelectField,
  UploadField,
  acceptAttribute,
  checkFilesBeforeUpload,
  errorSummaryEntries,
  fieldErrorsOf,
  formulaireRefuse,
  titreErreur,
} from "~/components/forms";

const ouiNon = [
  { props: { id: "crhh-oui", name: "crhh", value: "oui" }, label: "Oui" },
  { props: { id: "crhh-non", name: "crhh", value: "non" }, label: "Non" },
];

describe("Messages d'un champ (une liste, jamais un texte joint)", () => {
  it("donne un paragraphe DSFR par message et décrit le champ par chacun", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "mdp",
        label: "Mot de passe",
        errors: ["12 caractères minimum", "Une majuscule"],
        children: h("input", { name: "mdp", type: "password" }),
      }),
    );
    expect(html).toContain('aria-describedby="mdp-error mdp-error-2"');
    expect(html).toContain(
      '<div class="fr-messages-group" id="mdp-messages" aria-live="polite">' +
        '<p class="fr-message fr-message--error" id="mdp-error">12 caractères minimum</p>' +
        '<p class="fr-message fr-message--error" id="mdp-error-2">Une majuscule</p></div>',
    );
  });

  it("garde une zone de messages vide, annoncée quand un message y arrive", () => {
    const html = renderToStaticMarkup(
      h(Field, { id: "nom", label: "Nom", children: h("input", { name: "nom" }) }),
    );
    expect(html).toContain(
      '<div class="fr-messages-group" id="nom-messages" aria-live="polite"></div>',
    );
  });
});

describe("Champ avec bouton (DSFR fr-input-wrap--addon)", () => {
  it("joint le bouton au champ et garde la description propre du champ", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "epci",
        label: "Rechercher un EPCI",
        addon: h("button", { type: "submit" }, "Rechercher"),
        children: h("input", { type: "search", "aria-describedby": "epci-annonce" }),
      }),
    );
    expect(html).toContain(
      '<div class="fr-input-wrap fr-input-wrap--addon"><input type="search" aria-describedby="epci-annonce" id="epci" class="fr-input"/><button type="submit">Rechercher</button></div>',
    );
  });
});

describe("Groupes de cases et de boutons radio (fieldset DSFR)", () => {
  it("étiquette le groupe par sa légende et ses messages, et relie chaque bouton à l'erreur", () => {
    const html = renderToStaticMarkup(
      h(RadioGroup, {
        id: "crhh",
        legend: "Consulter le CRHH ?",
        required: true,
        inline: true,
        errors: ["Veuillez choisir une réponse."],
        options: ouiNon,
      }),
    );
    expect(html).toContain(
      '<fieldset class="fr-fieldset fr-fieldset--error" id="crhh" aria-labelledby="crhh-legend crhh-messages">',
    );
    expect(html).toContain(
      '<legend class="fr-fieldset__legend fr-fieldset__legend--regular" id="crhh-legend">Consulter le CRHH ?<span class="portail-required" aria-hidden="true"> *</span></legend>',
    );
    expect(html).toContain(
      '<div class="fr-fieldset__element fr-fieldset__element--inline"><div class="fr-radio-group"><input name="crhh" aria-invalid="true" aria-describedby="crhh-error" type="radio" id="crhh-oui" value="oui"/><label class="fr-label" for="crhh-oui">Oui</label></div></div>',
    );
    expect(html).toContain(
      '<p class="fr-message fr-message--error" id="crhh-error">Veuillez choisir une réponse.</p>',
    );
  });

  it("ne marque aucune case invalide sans message", () => {
    const html = renderToStaticMarkup(
      h(CheckboxGroup, {
        id: "etape",
        legend: "Étape d'instruction",
        options: [{ props: { id: "etape-a", name: "etape[]", value: "a" }, label: "A" }],
      }),
    );
    expect(html).toContain('<fieldset class="fr-fieldset" id="etape"');
    expect(html).toContain('type="checkbox"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby=");
  });

  it("garde le message d'une case seule dans son groupe DSFR", () => {
    const html = renderToStaticMarkup(
      h(CheckboxField, {
        id: "cgu",
        label: "J'accepte les conditions générales d'utilisation",
        errors: "Vous devez accepter les conditions générales d'utilisation.",
        children: h("input", { type: "checkbox", name: "cgu", required: true }),
      }),
    );
    expect(html).toMatch(/^<div class="fr-checkbox-group fr-checkbox-group--error">/);
    expect(html).toContain('aria-invalid="true" aria-describedby="cgu-error"');
    expect(html).toContain('aria-hidden="true"> *</span>');
  });

  it("fait d'une section de formulaire un fieldset titré, sans zone de messages", () => {
    const html = renderToStaticMarkup(
      h(Fieldset, { id: "signataire", legend: "Signataire", heading: "h3", children: "…" }),
    );
    expect(html).toBe(
      '<fieldset class="fr-fieldset" id="signataire" aria-labelledby="signataire-legend">' +
        '<legend class="fr-fieldset__legend" id="signataire-legend"><h3 class="fr-h5 fr-mb-0">Signataire</h3></legend>…</fieldset>',
    );
  });
});

describe("Liste déroulante", () => {
  it("commence par le choix vide demandé, puis les options", () => {
    const html = renderToStaticMarkup(
      h(SelectField, {
        id: "forme",
        label: "Forme juridique",
        placeholder: "Sélectionnez une forme juridique",
        placeholderDisabled: true,
        options: [{ value: "5710", label: "SAS" }],
        selectProps: { name: "forme", required: true, defaultValue: "" },
      }),
    );
    expect(html).toContain('<div class="fr-select-group">');
    expect(html).toContain('<select name="forme" required="" id="forme" class="fr-select">');
    expect(html).toContain(
      '<option value="" disabled="" selected="">Sélectionnez une forme juridique</option><option value="5710">SAS</option>',
    );
  });
});

describe("Téléversement (spec §5 Attachments)", () => {
  it("habille le champ de fichier en fr-upload, étoile et messages compris", () => {
    const html = renderToStaticMarkup(
      h(UploadField, {
        id: "pj",
        name: "fichier",
        label: "Pièces complémentaires",
        hint: "Taille maximale : 10 Mo.",
        required: true,
        multiple: true,
        accept: "application/pdf,.pdf",
        errors: ["Veuillez choisir un fichier."],
      }),
    );
    expect(html).toContain('<div class="fr-upload-group fr-upload-group--error">');
    expect(html).toContain(
      '<label class="fr-label" for="pj">Pièces complémentaires<span class="portail-required" aria-hidden="true"> *</span><span class="fr-hint-text">Taille maximale : 10 Mo.</span></label>',
    );
    expect(html).toContain(
      '<input class="fr-upload" type="file" id="pj" name="fichier" multiple="" required="" accept="application/pdf,.pdf" aria-invalid="true" aria-describedby="pj-error"/>',
    );
  });

  it("propose au navigateur les types et leurs extensions, .jpeg compris", () => {
    expect(acceptAttribute(["application/pdf", "image/jpeg"])).toBe(
      "application/pdf,image/jpeg,.pdf,.jpg,.jpeg",
    );
  });

  it("refuse avant l'envoi ce que le navigateur sait déjà", () => {
    const limites = { maxPj: 2, tailleMaxKo: 1, typesAcceptes: ["application/pdf"] };
    const pdf = new File(["%PDF-"], "a.pdf", { type: "application/pdf" });
    const gros = new File(["x".repeat(2048)], "b.pdf", { type: "application/pdf" });
    const texte = new File(["x"], "c.txt", { type: "text/plain" });
    expect(
      checkFilesBeforeUpload([], limites, { requiredMessage: "Choisissez un fichier." }),
    ).toEqual(["Choisissez un fichier."]);
    expect(checkFilesBeforeUpload([pdf], limites, { requiredMessage: "" })).toEqual([]);
    expect(
      checkFilesBeforeUpload([pdf, gros, texte], limites, { alreadyThere: 0, requiredMessage: "" }),
    ).toEqual([
      "Le nombre de fichier dépasse le maximum attendu",
      "Le fichier est trop volumineux (1 Ko au maximum). Pensez à le compresser avant de le déposer.",
      "Le type de fichier n'est pas autorisé. Formats acceptés : PDF.",
    ]);
    expect(
      checkFilesBeforeUpload([pdf], limites, { alreadyThere: 2, requiredMessage: "" }),
    ).toEqual(["Le nombre de fichier dépasse le maximum attendu"]);
  });
});

describe("Erreurs du formulaire entier", () => {
  it("montre un message seul en paragraphe, plusieurs en liste, dans une alerte annoncée", () => {
    expect(
      renderToStaticMarkup(h(FormErrors, { id: "f-error", errors: ["Trop de demandes."] })),
    ).toBe(
      '<div class="fr-alert fr-alert--error fr-alert--sm fr-mb-3w" role="alert" id="f-error"><p>Trop de demandes.</p></div>',
    );
    const plusieurs = renderToStaticMarkup(
      h(FormErrors, { errors: ["Premier refus.", "Second refus."], title: "Refusé" }),
    );
    expect(plusieurs).toContain('<h2 class="fr-alert__title">Refusé</h2>');
    expect(plusieurs).toContain("<ul><li>Premier refus.</li><li>Second refus.</li></ul>");
    expect(renderToStaticMarkup(h(FormErrors, { errors: [] }))).toBe("");
  });
});

describe("Récapitulatif d'erreurs (RGAA 11.10)", () => {
  it("liste chaque erreur comme un lien vers son champ, dans l'ordre du formulaire", () => {
    const entries = errorSummaryEntries(
      "compte",
      { "": ["Envoi impossible."], telephone: ["Numéro invalide"], nom: ["Champ requis"] },
      ["nom", "telephone"],
    );
    expect(entries).toEqual([
      { fieldId: "compte-nom", message: "Champ requis" },
      { fieldId: "compte-telephone", message: "Numéro invalide" },
      { fieldId: null, message: "Envoi impossible." },
    ]);
    const html = renderToStaticMarkup(h(ErrorSummary, { id: "compte-resume", entries }));
    expect(html).toContain(
      'id="compte-resume" tabindex="-1" aria-labelledby="compte-resume-title"',
    );
    expect(html).toContain(
      '<h2 class="fr-alert__title" id="compte-resume-title">Le formulaire contient des erreurs</h2>',
    );
    expect(html).toContain(
      '<li><a href="#compte-nom">Champ requis</a></li><li><a href="#compte-telephone">Numéro invalide</a></li><li>Envoi impossible.</li>',
    );
  });

  it("ne montre rien sans erreur", () => {
    expect(renderToStaticMarkup(h(ErrorSummary, { id: "r", entries: [] }))).toBe("");
  });
});

describe("Erreurs d'une réponse 422 de l'API (spec §8)", () => {
  it("donne à conform les messages par champ, un message seul devenant une liste", () => {
    expect(
      fieldErrorsOf({
        detail: "Invalide",
        errors: { siren: "SIREN invalide", nom: ["", "Requis"] },
      }),
    ).toEqual({ siren: ["SIREN invalide"], nom: ["Requis"] });
    expect(fieldErrorsOf({ detail: "Invalide" })).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

describe("Récapitulatif d'un formulaire conform", () => {
  const deuxErreurs = {
    id: "compte",
    status: "error" as const,
    allErrors: { nom: ["Ce champ est requis"], telephone: ["Numéro invalide"] },
  };

  it("suit le titre de la page sous l'id d'erreur du formulaire, chaque erreur un lien vers son champ", () => {
    const html = renderToStaticMarkup(h(FormErrorSummary, { form: deuxErreurs }));
    expect(html).toContain('id="compte-error" tabindex="-1" aria-labelledby="compte-error-title"');
    expect(html).toContain(
      '<h2 class="fr-alert__title" id="compte-error-title">Le formulaire contient des erreurs</h2>',
    );
    expect(html).toContain(
      '<ul><li><a href="#compte-nom">Ce champ est requis</a></li><li><a href="#compte-telephone">Numéro invalide</a></li></ul>',
    );
  });

  it("mène au champ choisi quand son contrôle porte un autre id", () => {
    const html = renderToStaticMarkup(
      h(FormErrorSummary, { form: deuxErreurs, targets: { nom: "bloc-nom" } }),
    );
    expect(html).toContain('<a href="#bloc-nom">Ce champ est requis</a>');
  });

  it("ne montre rien avant un envoi refusé (une erreur à la sortie d'un champ reste sous le champ)", () => {
    expect(
      renderToStaticMarkup(h(FormErrorSummary, { form: { ...deuxErreurs, status: undefined } })),
    ).toBe("");
  });

  it("montre le refus du formulaire entier, sans erreur de champ, en alerte du formulaire", () => {
    const html = renderToStaticMarkup(
      h(FormErrorSummary, {
        form: { id: "lien", status: "error", allErrors: { "": ["Trop de demandes."] } },
      }),
    );
    expect(html).toBe(
      '<div class="fr-alert fr-alert--error fr-alert--sm fr-mb-4w" role="alert" id="lien-error" tabindex="-1"><p>Trop de demandes.</p></div>',
    );
  });
});

describe("Titre d'une page dont le formulaire est refusé", () => {
  it("commence par « Erreur : », une seule fois", () => {
    expect(titreErreur("Créer un compte | Portail")).toBe("Erreur : Créer un compte | Portail");
    expect(titreErreur("Erreur : Créer un compte | Portail")).toBe(
      "Erreur : Créer un compte | Portail",
    );
  });

  it("reconnaît une réponse d'action refusée, conform ou non", () => {
    const refus = { status: "error", error: { nom: ["Ce champ est requis"] } };
    expect(formulaireRefuse({ lastResult: refus })).toBe(true);
    expect(formulaireRefuse(refus)).toBe(true);
    expect(formulaireRefuse({ vue: "etape3", rubrique: "kbis", erreurs: ["Trop gros"] })).toBe(
      true,
    );
    expect(formulaireRefuse({ vue: "etape4", erreur: "Étapes incomplètes" })).toBe(true);
  });

  it("ne prend pour un refus ni un succès, ni une recherche, ni une réponse vide", () => {
    expect(formulaireRefuse({ lastResult: { status: "success" } })).toBe(false);
    expect(formulaireRefuse({ lastResult: { status: "error", error: { nom: null } } })).toBe(false);
    expect(formulaireRefuse({ vue: "etape3", erreurs: [], erreur: null })).toBe(false);
    expect(formulaireRefuse(null)).toBe(false);
    expect(formulaireRefuse("texte")).toBe(false);
  });
});
