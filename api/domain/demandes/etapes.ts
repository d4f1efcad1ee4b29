/**
 * Steps 1 and 2 of the approval request form (spec §3 "Approval request
 * content", §5 Address, Perimeter; §7 POST /api/demande, PUT step/1, step/2):
 * the rules that need the database, and the draft writes.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { couvre, departementsHorsRegions, perimetreVide } from "../../../contract/perimetre.ts";
import type { Etape1, Etape2 } from "../../../contract/schemas/demande.ts";
import type { Database, Db } from "../../db/client.ts";
import {
  communeCodesPostaux,
  communes,
  demandes,
  departements,
  epcis,
  formesJuridiques,
  historique,
  regions,
  serviceInstructeurDepartements,
} from "../../db/schema.ts";
import { conflit } from "../erreurs.ts";
import type { DemandeRow } from "../acces.ts";
import { ETATS_MODIFIABLES_DEMANDEUR } from "../workflow.ts";
import { ErreursChamps } from "./erreurs.ts";

export const MESSAGES_ETAPES = {
  commune: "Veuillez choisir une commune correspondant au code postal.",
  formeJuridique: "Veuillez choisir une forme juridique de la liste.",
  nonModifiable: "Cette demande ne peut plus être modifiée.",
  etape1Absente: "Veuillez d'abord enregistrer l'étape 1.",
  region: (code: string) => `Région inconnue : ${code}.`,
  departement: (code: string) => `Département inconnu : ${code}.`,
  epci: (code: string) => `EPCI inconnu : ${code}.`,
  communeInconnue: (code: string) => `Commune inconnue : ${code}.`,
  communesSansZone:
    "Veuillez d'abord choisir une région ou un département avant de préciser des communes.",
  communeHorsZone: (nom: string) =>
    `La commune « ${nom} » n'appartient à aucune des régions ou aucun des départements choisis.`,
} as const;

/** Where the head office is, and the service instructeur it goes to (DESIGN §4). */
export interface SiegeSocial {
  codeDepartement: string;
  codeRegion: string;
  serviceInstructeurId: number | null;
}

/**
 * Checks step 1 against the reference data: the commune must be one of the
 * postal code's (422 on `commune`), the legal form one of the list (422 on
 * `formeJuridique`). Returns the head office's département, région and
 * service instructeur.
 */
export async function verifierEtape1(database: Database, etape1: Etape1): Promise<SiegeSocial> {
  const { db } = database;
  const erreurs = new ErreursChamps();
  const [commune] = await db
    .select({ codeDepartement: communes.codeDepartement, codeRegion: communes.codeRegion })
    .from(communeCodesPostaux)
    .innerJoin(communes, eq(communes.code, communeCodesPostaux.codeCommune))
    .where(
      and(
        eq(communeCodesPostaux.codeCommune, etape1.commune),
        eq(communeCodesPostaux.codePostal, etape1.codePostal),
      ),
    );
  if (!commune) erreurs.ajouter("commune", MESSAGES_ETAPES.commune);
  const [forme] = await db
    .select({ code: formesJuridiques.code })
    .from(formesJuridiques)
    .where(eq(formesJuridiques.code, etape1.formeJuridique));
  if (!forme) erreurs.ajouter("formeJuridique", MESSAGES_ETAPES.formeJuridique);
  erreurs.verifier();
  const [service] = await db
    .select({ id: serviceInstructeurDepartements.serviceInstructeurId })
    .from(serviceInstructeurDepartements)
    .where(eq(serviceInstructeurDepartements.codeDepartement, commune!.codeDepartement));
  return { ...commune!, serviceInstructeurId: service?.id ?? null };
}

/**
 * Checks step 2's perimeter against the geography (spec §5 Perimeter) and
 * returns it normalised: unknown codes → 422 on their field; départements
 * of a chosen région are dropped (a chosen région covers them); communes
 * need a chosen région or département and must lie in one of them (422 on
 * `communes`); precisions go with the communes.
 */
export async function verifierEtape2(database: Database, etape2: Etape2): Promise<Etape2> {
  const { db } = database;
  const erreurs = new ErreursChamps();
  const regionsConnues = etape2.regions.length
    ? await db
        .select({ code: regions.code })
        .from(regions)
        .where(inArray(regions.code, etape2.regions))
    : [];
  const departementsConnus = etape2.departements.length
    ? await db
        .select({ code: departements.code, codeRegion: departements.codeRegion })
        .from(departements)
        .where(inArray(departements.code, etape2.departements))
    : [];
  const epcisConnus = etape2.epcis.length
    ? await db.select({ code: epcis.code }).from(epcis).where(inArray(epcis.code, etape2.epcis))
    : [];
  const communesConnues = etape2.communes.length
    ? await db
        .select({
          code: communes.code,
          nom: communes.nom,
          codeDepartement: communes.codeDepartement,
          codeRegion: communes.codeRegion,
        })
        .from(communes)
        .where(inArray(communes.code, etape2.communes))
    : [];
  const inconnus = (codes: string[], connus: { code: string }[]) => {
    const ensemble = new Set(connus.map((row) => row.code));
    return codes.filter((code) => !ensemble.has(code));
  };
  for (const code of inconnus(etape2.regions, regionsConnues))
    erreurs.ajouter("regions", MESSAGES_ETAPES.region(code));
  for (const code of inconnus(etape2.departements, departementsConnus))
    erreurs.ajouter("departements", MESSAGES_ETAPES.departement(code));
  for (const code of inconnus(etape2.epcis, epcisConnus))
    erreurs.ajouter("epcis", MESSAGES_ETAPES.epci(code));
  for (const code of inconnus(etape2.communes, communesConnues))
    erreurs.ajouter("communes", MESSAGES_ETAPES.communeInconnue(code));
  erreurs.verifier();

  const unique = (codes: string[]) => [...new Set(codes)];
  const regionsChoisies = unique(etape2.regions);
  const regionDe = new Map(departementsConnus.map((row) => [row.code, row.codeRegion]));
  const departementsChoisis = departementsHorsRegions(
    { regions: regionsChoisies, departements: unique(etape2.departements) },
    (code) => regionDe.get(code),
  );
  const communesChoisies = unique(etape2.communes);
  if (communesChoisies.length > 0) {
    const zones = { regions: regionsChoisies, departements: departementsChoisis };
    if (perimetreVide(zones)) {
      erreurs.ajouter("communes", MESSAGES_ETAPES.communesSansZone);
    } else {
      for (const commune of communesConnues) {
        const lieu = { region: commune.codeRegion, departement: commune.codeDepartement };
        if (!couvre(zones, lieu))
          erreurs.ajouter("communes", MESSAGES_ETAPES.communeHorsZone(commune.nom));
      }
    }
  }
  erreurs.verifier();
  return {
    ...etape2,
    regions: regionsChoisies,
    departements: departementsChoisis,
    epcis: unique(etape2.epcis),
    communes: communesChoisies,
    precisions: communesChoisies.length ? etape2.precisions : undefined,
  };
}

/** History row of a draft save (brouillon stays brouillon). */
export async function historiserEnregistrement(
  tx: Db,
  demande: Pick<DemandeRow, "id" | "kind" | "etat">,
  action: "ENREGISTRE_BROUILLON_STEP_1" | "ENREGISTRE_BROUILLON_STEP_2",
  acteurId: string,
  maintenant: Date,
  etatAvant: string | null = demande.etat,
): Promise<void> {
  await tx.insert(historique).values({
    ressourceType: demande.kind,
    ressourceId: demande.id,
    action,
    etatAvant,
    etatApres: demande.etat,
    acteurId,
    acteurRole: "demandeur",
    date: maintenant,
  });
}

/**
 * Saves step `etape` of a draft: merges its content into `contenu`, marks
 * the step saved, bumps version and modification date, writes the history
 * row, atomically and only while the applicant may still edit it
 * (brouillon, en_edition; 409 "Cette demande ne peut plus être modifiée."
 * otherwise). Step 1 also refreshes the head office, quality, company name
 * and SIREN; the service instructeur follows the head office only before
 * deposit (a request returned to edition stays with the service and
 * instructeur examining it). Returns the updated row.
 */
export async function enregistrerEtape(
  database: Database,
  demande: DemandeRow,
  enregistrement:
    | {
        etape: 1;
        contenu: Etape1;
        siege: SiegeSocial;
        societe: { raisonSociale: string; siren: string };
      }
    | { etape: 2; contenu: Etape2 },
  acteurId: string,
  maintenant: Date,
): Promise<DemandeRow> {
  const cle = enregistrement.etape === 1 ? "etape1" : "etape2";
  const etape = enregistrement.etape;
  const colonnes =
    enregistrement.etape === 1
      ? {
          qualite: enregistrement.contenu.structureQualite,
          codeDepartement: enregistrement.siege.codeDepartement,
          codeRegion: enregistrement.siege.codeRegion,
          ...(demande.etat === "brouillon"
            ? { serviceInstructeurId: enregistrement.siege.serviceInstructeurId }
            : {}),
          raisonSociale: enregistrement.societe.raisonSociale,
          siren: enregistrement.societe.siren,
        }
      : {};
  return database.db.transaction(async (tx) => {
    const [apres] = await tx
      .update(demandes)
      .set({
        ...colonnes,
        // Merged in SQL: a step saved meanwhile in another tab is kept.
        contenu: sql`${demandes.contenu} || ${JSON.stringify({ [cle]: enregistrement.contenu })}::jsonb`,
        etapesEnregistrees: sql`case when ${etape}::int = any(${demandes.etapesEnregistrees}) then ${demandes.etapesEnregistrees} else array_append(${demandes.etapesEnregistrees}, ${etape}::int) end`,
        version: sql`${demandes.version} + 1`,
        dateModification: maintenant,
      })
      .where(
        and(eq(demandes.id, demande.id), inArray(demandes.etat, [...ETATS_MODIFIABLES_DEMANDEUR])),
      )
      .returning();
    if (!apres) throw conflit(MESSAGES_ETAPES.nonModifiable);
    await historiserEnregistrement(
      tx,
      apres,
      etape === 1 ? "ENREGISTRE_BROUILLON_STEP_1" : "ENREGISTRE_BROUILLON_STEP_2",
      acteurId,
      maintenant,
    );
    return apres;
  });
}
