import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";

/**
 * "Mot de passe actuel" of the account settings forms that change who can
 * reach the account (password, e-mail address): a password input filled by
 * the browser's password manager (`current-password`), with its errors and
 * an optional `hint`. `champ` is conform's field `motDePasseActuel`.
 */
export function ChampMotDePasseActuel({
  champ,
  hint,
}: {
  champ: FieldMetadata<string>;
  hint?: string;
}) {
  return (
    <Field id={champ.id} label="Mot de passe actuel" hint={hint} errors={champ.errors} required>
      <input
        {...getInputProps(champ, { type: "password" })}
        autoComplete="current-password"
        required
      />
    </Field>
  );
}
