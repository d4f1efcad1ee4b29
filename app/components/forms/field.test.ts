import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, RequiredFieldsNotice } from "~/components/forms";

describe("Field (champ de formulaire DSFR accessible)", () => {
  it("relie le libellé au champ, marque l'obligation d'une étoile et de required", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "nom",
        label: "Nom",
        hint: "Tel qu'il figure sur la pièce d'identité",
        required: true,
        children: h("input", { name: "nom", type: "text" }),
      }),
    );
    expect(html).toContain('<label class="fr-label" for="nom">Nom');
    expect(html).toContain('aria-hidden="true"> *</span>');
    expect(html).toContain(
      '<span class="fr-hint-text">Tel qu&#x27;il figure sur la pièce d&#x27;identité</span>',
    );
    expect(html).toMatch(/<input name="nom" type="text" id="nom" class="fr-input" required=""\/>/);
    expect(html).not.toContain("aria-invalid");
  });

  it("affiche l'erreur dans #{id}-error, l'id que conform met dans aria-describedby", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "email",
        label: "Adresse électronique",
        errors: ["Cet email n'est pas valide"],
        // What conform's getInputProps emits for an invalid field.
        children: h("input", {
          name: "email",
          type: "email",
          "aria-invalid": true,
          "aria-describedby": "email-error",
        }),
      }),
    );
    expect(html).toContain('class="fr-input-group fr-input-group--error"');
    expect(html).toContain('aria-describedby="email-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('class="fr-input fr-input--error"');
    expect(html).toContain(
      '<p class="fr-message fr-message--error" id="email-error">Cet email n&#x27;est pas valide</p>',
    );
  });

  it("retire de aria-describedby l'erreur qui n'est plus affichée et garde les autres descriptions", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "siren",
        label: "SIREN",
        children: h("input", { name: "siren", "aria-describedby": "siren-error aide-siren" }),
      }),
    );
    expect(html).toContain('aria-describedby="aide-siren"');
    expect(html).not.toContain('id="siren-error"');
  });

  it("habille une liste déroulante en fr-select et reprend le required du contrôle", () => {
    const html = renderToStaticMarkup(
      h(Field, {
        id: "qualite",
        label: "Qualité",
        errors: "Ce champ est requis",
        children: h(
          "select",
          { name: "qualite", required: true },
          h("option", { value: "" }, "Choisir"),
        ),
      }),
    );
    expect(html).toContain('class="fr-select-group fr-select-group--error"');
    expect(html).toContain('class="fr-select fr-select--error"');
    expect(html).toContain('aria-hidden="true"> *</span>');
    expect(html).toContain('aria-describedby="qualite-error"');
  });

  it("annonce la signification de l'étoile", () => {
    expect(renderToStaticMarkup(h(RequiredFieldsNotice))).toBe(
      '<p class="fr-text--sm">Les champs marqués d&#x27;un astérisque * sont obligatoires</p>',
    );
  });
});
