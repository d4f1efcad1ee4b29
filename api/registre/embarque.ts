/**
 * Embedded company registry (ADR 0016): the establishments stored in table
 * registre_etablissement for the SIREN (the demo company and the scale
 * dataset have some). For a company with no stored row, the registry
 * answers its head office as the company declared it on step 1 of its
 * latest approval request (address, postal code, commune), with the SIRET
 * SIREN + NIC 0001x whose INSEE (Luhn) key is valid: an approved company
 * always has at least the establishment it applied from.
 */
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { avecCleLuhn } from "../../contract/validation.ts";
import type { Database } from "../db/client.ts";
import { communes, demandes, registreEtablissements, societes } from "../db/schema.ts";
import { contenuDe } from "../db/contenu-demande.ts";
import {
  trierEtablissements,
  type EtablissementDuRegistre,
  type RegistreEntreprises,
} from "./types.ts";

/**
 * SIRET of the head office the embedded registry derives for `siren`:
 * `siren` + "0001" + the digit that makes the 14 digits pass the Luhn check.
 */
export function siretSiegeParDefaut(siren: string): string {
  return avecCleLuhn(`${siren}0001`);
}

/** The embedded registry reading `database`. */
export function registreEmbarque(database: Database): RegistreEntreprises {
  const { db } = database;
  return {
    async etablissementsDeSiren(siren) {
      const lignes = await db
        .select()
        .from(registreEtablissements)
        .where(eq(registreEtablissements.siren, siren))
        .orderBy(desc(registreEtablissements.siege), asc(registreEtablissements.siret));
      if (lignes.length > 0)
        return lignes.map(({ siren: _siren, ...ligne }) => ({ ...ligne, siege: ligne.siege }));
      return siegeDeclare(database, siren);
    },
  };
}

/** The head office declared on step 1 of the company's latest request; [] when none. */
async function siegeDeclare(database: Database, siren: string): Promise<EtablissementDuRegistre[]> {
  const { db } = database;
  const [demande] = await db
    .select({ contenu: demandes.contenu, raisonSociale: societes.raisonSociale })
    .from(demandes)
    .innerJoin(societes, eq(societes.id, demandes.societeId))
    .where(and(eq(societes.siren, siren), isNotNull(demandes.contenu)))
    .orderBy(desc(demandes.dateCreation))
    .limit(1);
  const etape1 = demande ? contenuDe(demande).etape1 : undefined;
  if (!demande || !etape1) return [];
  const [commune] = await db
    .select({ nom: communes.nom })
    .from(communes)
    .where(eq(communes.code, etape1.commune));
  return trierEtablissements([
    {
      siret: siretSiegeParDefaut(siren),
      nomInsee: demande.raisonSociale.toUpperCase(),
      siege: true,
      adresse1: etape1.adresse,
      adresse2: etape1.complementAdresse ?? null,
      codePostal: etape1.codePostal,
      ville: commune?.nom ?? etape1.commune,
      codeCommune: commune ? etape1.commune : null,
      actif: true,
    },
  ]);
}
