import { getInputProps, getSelectProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { t } from "~/i18n";
import { Field } from "./field";
import { FieldsetElement } from "./fieldset";
import type { Champ } from "./input-field";
import { SelectField } from "./select-field";

/** Intent of the postal code's "Rechercher" button: the form comes back with its communes, nothing saved. */
export const INTENT_COMMUNES_CODE_POSTAL = "communesCodePostal";

/** A commune of a postal code, as the geography resource gives it. */
export interface CommuneDuCodePostal {
  code: string;
  nom: string;
}

/** What {@link useCommunesDuCodePostal} gives a form. */
export interface CommunesDuCodePostal {
  communes: CommuneDuCodePostal[];
  /** What a screen reader hears once a search is done ("3 résultats disponibles."). */
  annonce: string;
  /**
   * With JavaScript: loads the communes of `codePostal` when it has 5
   * digits, without posting; again for the same code only when `force`.
   */
  charger: (codePostal: string, force?: boolean) => Promise<void>;
}

/**
 * The communes of the postal code a form shows (spec §5 Accounts: "postal
 * code 5 digits and chosen via a selector"): first those the server gave
 * (`initiales`, of the saved or posted code), then, with JavaScript, those
 * of the code as it is typed (`/resources/geographie`).
 */
export function useCommunesDuCodePostal(initiales: CommuneDuCodePostal[]): CommunesDuCodePostal {
  const [communes, setCommunes] = useState(initiales);
  const [annonce, setAnnonce] = useState("");
  const dernierCode = useRef<string | null>(null);
  async function charger(codePostal: string, force = false) {
    const code = codePostal.trim();
    if (!/^\d{5}$/.test(code) || (!force && code === dernierCode.current)) return;
    dernierCode.current = code;
    const reponse = await fetch(
      `/resources/geographie?${new URLSearchParams({ type: "codePostal", codePostal: code })}`,
    );
    if (!reponse.ok) return;
    const { resultats } = (await reponse.json()) as { resultats: CommuneDuCodePostal[] };
    setCommunes(resultats);
    setAnnonce(
      resultats.length
        ? t("validation.resultatsDisponibles", { n: resultats.length })
        : t("validation.aucunResultat"),
    );
  }
  return { communes, annonce, charger };
}

/**
 * The postal code and its commune, two half-width elements of a DSFR
 * fieldset: the code with its "Rechercher" button (a post of
 * {@link INTENT_COMMUNES_CODE_POSTAL} without JavaScript; with it, the
 * select fills as the code is typed), the announcement of the search for
 * screen readers, then the select of the code's communes. The commune
 * chosen is `communePreferee` when the code has it, else the only one.
 * `requis` marks both as required in the browser.
 */
export function ChampsCodePostalCommune({
  codePostal,
  commune,
  recherche,
  communePreferee,
  requis = false,
  classe,
}: {
  codePostal: Champ;
  commune: Champ;
  recherche: CommunesDuCodePostal;
  communePreferee: string;
  requis?: boolean;
  /** Class of each element (their width in the grid). */
  classe?: string;
}) {
  const { communes, annonce, charger } = recherche;
  const communeParDefaut = communes.some((candidate) => candidate.code === communePreferee)
    ? communePreferee
    : communes.length === 1
      ? communes[0].code
      : "";
  return (
    <>
      <FieldsetElement className={classe}>
        <Field
          id={codePostal.id}
          label="Code postal"
          hint="5 chiffres, puis choisissez la commune"
          errors={codePostal.errors}
          addon={
            <button
              type="submit"
              className="fr-btn fr-btn--secondary fr-icon-search-line fr-btn--icon-left"
              name="intent"
              value={INTENT_COMMUNES_CODE_POSTAL}
              formNoValidate
              onClick={(event) => {
                const champ = event.currentTarget.form?.elements.namedItem(codePostal.name);
                if (!(champ instanceof HTMLInputElement) || !/^\d{5}$/.test(champ.value.trim()))
                  return;
                // With JavaScript the select fills without posting the whole form.
                event.preventDefault();
                void charger(champ.value, true);
              }}
            >
              Rechercher<span className="fr-sr-only"> les communes du code postal</span>
            </button>
          }
        >
          <input
            {...getInputProps(codePostal, { type: "text" })}
            required={requis || undefined}
            inputMode="numeric"
            autoComplete="postal-code"
            onChange={(event) => void charger(event.currentTarget.value)}
          />
        </Field>
        <p className="fr-sr-only" role="status">
          {annonce}
        </p>
      </FieldsetElement>
      <FieldsetElement className={classe}>
        <SelectField
          id={commune.id}
          label="Commune"
          hint={
            communes.length
              ? "Parmi les communes du code postal"
              : "Saisissez d'abord le code postal, puis « Rechercher »"
          }
          errors={commune.errors}
          placeholder="Sélectionnez une commune"
          placeholderDisabled
          options={communes.map((candidate) => ({ value: candidate.code, label: candidate.nom }))}
          selectProps={{
            ...getSelectProps(commune),
            required: requis || undefined,
            key: `${commune.key ?? ""}-${communePreferee}-${communes.map((candidate) => candidate.code).join()}`,
            defaultValue: communeParDefaut,
          }}
        />
      </FieldsetElement>
    </>
  );
}
