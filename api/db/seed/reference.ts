/**
 * Reference data other than geography, written idempotently on every start:
 * Anah local delegations (one per département), the arrêtés, legal forms and
 * feature flags.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import {
  arretes,
  departements,
  featureFlags,
  formesJuridiques,
  serviceInstructeurDepartements,
  servicesInstructeur,
} from "../schema.ts";
import { FORMES_JURIDIQUES } from "./formes-juridiques.ts";

/**
 * The arrêté du 21 décembre 2022 (NOR ENER2236172A, JO du 27 décembre 2022),
 * then its amended version under which requests are filed since 1 April 2024
 * (homologated application forms, spec §9 "new regulation").
 */
export const ARRETES = [
  {
    code: "arrete-2022-12-21",
    libelle:
      "Arrêté du 21 décembre 2022 relatif à la mission d'accompagnement du service public de la performance énergétique de l'habitat",
    datePublication: "2022-12-27",
    dateEffet: "2022-12-28",
  },
  {
    code: "arrete-2022-12-21-modifie-2024-04-01",
    libelle:
      "Arrêté du 21 décembre 2022 modifié relatif à la mission d'accompagnement du service public de la performance énergétique de l'habitat (rédaction applicable aux demandes déposées à compter du 1er avril 2024)",
    datePublication: "2022-12-27",
    dateEffet: "2024-04-01",
  },
] as const;

/** The arrêté made current on a database that has none. */
export const ARRETE_COURANT = ARRETES[1].code;

/** Flags the UI reads (spec §6), both on at installation. */
export const FEATURE_FLAGS_INITIAUX = [
  { name: "creation_extension_perimetre", enabled: true },
  { name: "creation_demande", enabled: true },
] as const;

/** Code of the local delegation of a département ("DL-75", "DL-2A"). */
export const codeServiceDuDepartement = (codeDepartement: string) => `DL-${codeDepartement}`;

/** Writes the reference data; rows that already exist are left as they are. */
export async function seedReference(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    const deps = await tx.select().from(departements);
    if (deps.length > 0) {
      await tx
        .insert(servicesInstructeur)
        .values(
          deps.map((dep) => ({
            code: codeServiceDuDepartement(dep.code),
            nom: `Délégation locale de l'Anah – ${dep.nom}`,
            email: `anah-dl${dep.code.toLowerCase()}@demo.anah.gouv.fr`,
          })),
        )
        .onConflictDoNothing({ target: servicesInstructeur.code });
      const services = await tx
        .select({ id: servicesInstructeur.id, code: servicesInstructeur.code })
        .from(servicesInstructeur)
        .where(
          inArray(
            servicesInstructeur.code,
            deps.map((dep) => codeServiceDuDepartement(dep.code)),
          ),
        );
      const idParCode = new Map(services.map((service) => [service.code, service.id]));
      await tx
        .insert(serviceInstructeurDepartements)
        .values(
          deps.map((dep) => ({
            serviceInstructeurId: idParCode.get(codeServiceDuDepartement(dep.code))!,
            codeDepartement: dep.code,
          })),
        )
        // A département already covered (possibly by another service) stays so.
        .onConflictDoNothing();
    }

    await tx
      .insert(arretes)
      .values([...ARRETES])
      .onConflictDoNothing({ target: arretes.code });
    const [courant] = await tx
      .select({ id: arretes.id })
      .from(arretes)
      .where(eq(arretes.current, true))
      .limit(1);
    if (!courant)
      await tx.update(arretes).set({ current: true }).where(eq(arretes.code, ARRETE_COURANT));

    await tx
      .insert(formesJuridiques)
      .values([...FORMES_JURIDIQUES])
      .onConflictDoUpdate({
        target: formesJuridiques.code,
        set: { libelle: sql`excluded.libelle` },
      });
    await tx
      .insert(featureFlags)
      .values([...FEATURE_FLAGS_INITIAUX])
      .onConflictDoNothing();
  });
}
