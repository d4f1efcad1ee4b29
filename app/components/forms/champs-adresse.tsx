import type { FieldMetadata } from "@conform-to/react";
import { ChampsCodePostalCommune, type CommunesDuCodePostal } from "./code-postal-commune";
import { InputFieldElement } from "./input-field-element";

/** A field of any form's schema (conform's metadata, read for its name, id, value and errors). */
type Champ = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Props of {@link ChampsAdresse}. */
export interface ChampsAdresseProps {
  /** The conform fields of the address, whatever the form names them. */
  champs: { adresse: Champ; complement: Champ; codePostal: Champ; commune: Champ };
  /** The communes of the postal code ({@link useCommunesDuCodePostal}). */
  recherche: CommunesDuCodePostal;
  /** The commune to select when the postal code has it. */
  communePreferee: string;
  /** Marks the postal code and the commune as required in the browser. */
  requis?: boolean;
  /** Class of the postal code and commune elements (their width in the grid). */
  classe?: string;
}

/**
 * A postal address in a DSFR fieldset (spec §5 Address): the street line,
 * its complement, then the postal code and its commune
 * ({@link ChampsCodePostalCommune}). Written once for the request's step 1
 * and the referencing form.
 */
export function ChampsAdresse({
  champs,
  recherche,
  communePreferee,
  requis,
  classe,
}: ChampsAdresseProps) {
  return (
    <>
      <InputFieldElement
        field={champs.adresse}
        type="text"
        label="Adresse"
        inputProps={{ autoComplete: "address-line1" }}
      />
      <InputFieldElement
        field={champs.complement}
        type="text"
        label="Complément d'adresse"
        hint="Bâtiment, étage, boîte postale…"
        inputProps={{ autoComplete: "address-line2" }}
      />
      <ChampsCodePostalCommune
        codePostal={champs.codePostal}
        commune={champs.commune}
        recherche={recherche}
        communePreferee={communePreferee}
        requis={requis}
        classe={classe}
      />
    </>
  );
}
