import type { chargerActivite } from "./activite.server";

/** The loaded activity (valid filters) as the detail sections receive it from the loader. */
export type ActiviteChargee = NonNullable<Awaited<ReturnType<typeof chargerActivite>>>;

/** "AAAA-MM" → "MM/AAAA". */
export const mois = (valeur: string) => `${valeur.slice(5, 7)}/${valeur.slice(0, 4)}`;
