import { ChampsCodePostalCommune, type CommunesDuCodePostal } from "./code-postal-commune";
import { InputFields, type Champ, type InputFieldDescription } from "./input-field";

/** Props of {@link ChampsAdresse}. */
export interface ChampsAdresseProps {
  /** conform's fields of the form. */
  champs: Record<string, Champ>;
  /** The names the form gives the street line, its complement, the postal code and the commune. */
  noms: readonly [string, string, string, string];
  /** The communes of the postal code ({@link useCommunesDuCodePostal}). */
  recherche: CommunesDuCodePostal;
  /** The commune to select when the postal code has it. */
  communePreferee: string;
  /** Marks the postal code and the commune as required in the browser. */
  requis?: boolean;
  /** Class of the postal code and commune elements (their width in the grid). */
  classe?: string;
}

/** The phone of a structure or an establishment (spec §5 Phone), a row of {@link InputFields} less its name. */
export const TELEPHONE: Omit<InputFieldDescription, "name"> = {
  type: "tel",
  label: "Téléphone",
  hint: "Par exemple : 01 23 45 67 89 ou +33 1 23 45 67 89",
  autoComplete: "tel",
};

/** The e-mail address of a structure or an establishment, a row of {@link InputFields} less its name. */
export const EMAIL: Omit<InputFieldDescription, "name"> = {
  type: "email",
  label: "Adresse électronique",
  hint: "Par exemple : contact@structure.fr",
  autoComplete: "email",
};

/**
 * A postal address in a DSFR fieldset (spec §5 Address): the street line,
 * its complement, then the postal code and its commune
 * ({@link ChampsCodePostalCommune}). Written once for the request's step 1
 * and the referencing form.
 */
export function ChampsAdresse({
  champs,
  noms: [adresse, complement, codePostal, commune],
  recherche,
  communePreferee,
  requis,
  classe,
}: ChampsAdresseProps) {
  return (
    <>
      <InputFields
        fields={champs}
        inputs={[
          { name: adresse, label: "Adresse", autoComplete: "address-line1" },
          {
            name: complement,
            label: "Complément d'adresse",
            hint: "Bâtiment, étage, boîte postale…",
            autoComplete: "address-line2",
          },
        ]}
      />
      <ChampsCodePostalCommune
        codePostal={champs[codePostal]}
        commune={champs[commune]}
        recherche={recherche}
        communePreferee={communePreferee}
        requis={requis}
        classe={classe}
      />
    </>
  );
}
