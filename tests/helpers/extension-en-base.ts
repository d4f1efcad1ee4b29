/**
 * Perimeter extensions (notable changes) written straight into a
 * test portal's database in the state an instruction test needs, without
 * going through the applicant's form (A1's API): a `changement-notable`
 * row of type `extension_perimetre` on an approval, its company, service
 * and head office copied from the approval, `contenu.extension` as the
 * contract stores it, deposited on `dateDepot` with its two-month clock.
 * Plus the HTTP calls of the instruction on such a file
 * (`/api/changement-notable/{id}/…`). Plain fetch: usable from vitest and
 * from Playwright fixtures alike.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../api/db/client.ts";
import { agrements, demandes, utilisateurs } from "../../api/db/schema.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import { appelApi } from "./demande-api.ts";

/** A perimeter by codes (every level optional). */
export interface PerimetreAjoute {
  regions?: string[];
  departements?: string[];
  epcis?: string[];
  communes?: string[];
}

/** What {@link extensionEnBase} writes besides the approval's copy. */
export interface OptionsExtension {
  /** The perimeter asked for (default: département 69, Rhône). */
  perimetre?: PerimetreAjoute;
  /** Deposit instant (default: now). */
  dateDepot?: Date;
  /**
   * Last day of the two-month clock, "AAAA-MM-JJ". Tests write it by hand
   * (deposit day plus two calendar months), never from the code under test.
   */
  dateLimiteInstruction: string;
  /** State (default deposee). */
  etat?: string;
  /** Extra `contenu` keys (e.g. `perimetreAvant` for an extension already applied). */
  contenu?: Record<string, unknown>;
}

/**
 * Inserts a deposited perimeter extension of approval `agrementId` (its
 * company's first applicant as author) and returns its id and number.
 */
export async function extensionEnBase(
  database: Database,
  agrementId: string,
  options: OptionsExtension,
): Promise<{ id: string; numeroDossier: string }> {
  const { db } = database;
  const [agrement] = await db.select().from(agrements).where(eq(agrements.id, agrementId));
  if (!agrement) throw new Error(`extensionEnBase : agrément ${agrementId} introuvable`);
  const [demandeur] = await db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.societeId, agrement.societeId));
  const [origine] = agrement.demandeId
    ? await db
        .select({ siren: demandes.siren })
        .from(demandes)
        .where(eq(demandes.id, agrement.demandeId))
    : [];
  const perimetre = {
    regions: [],
    departements: ["69"],
    epcis: [],
    communes: [],
    ...options.perimetre,
  };
  const numeroDossier = `MAR-EXT-${randomUUID().slice(0, 8).toUpperCase()}`;
  const dateDepot = options.dateDepot ?? new Date();
  const [row] = await db
    .insert(demandes)
    .values({
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
      societeId: agrement.societeId,
      demandeurId: demandeur?.id ?? null,
      agrementId: agrement.id,
      etat: options.etat ?? "deposee",
      numeroDossier,
      raisonSociale: agrement.raisonSociale,
      siren: origine?.siren ?? null,
      qualite: agrement.qualite,
      codeDepartement: agrement.codeDepartement,
      codeRegion: agrement.codeRegion,
      serviceInstructeurId: agrement.serviceInstructeurId,
      contenu: {
        extension: {
          perimetre: { ...perimetre, precisions: "" },
          effectifs: { nbEtpPerimetre: 2.5, nbEtpAccompagnementPerimetre: 1.5 },
        },
        ...options.contenu,
      },
      etapesEnregistrees: [1, 2, 3],
      dateCreation: dateDepot,
      dateModification: dateDepot,
      dateDepot,
      dateLimiteInstruction: options.dateLimiteInstruction,
    })
    .returning({ id: demandes.id });
  return { id: row.id, numeroDossier };
}

/** A file sent with an action (multipart `fichier`, `fichier1`…). */
export interface FichierExtension {
  nom: string;
  contenu: Buffer;
}

/** GET /api/changement-notable/{id} as the user of `token`. */
export function lireExtension(baseUrl: string, token: string, id: string): Promise<DemandeDetail> {
  return appelApi<DemandeDetail>(baseUrl, token, "GET", `/changement-notable/${id}`);
}

/**
 * POST /api/changement-notable/{id}/action as the user of `token`, at the
 * version the file has now, with `champs` (lists as repeated `key[]`) and
 * optional files (multipart). Returns the detail after; throws ErreurApi.
 */
export async function agirSurExtension(
  baseUrl: string,
  token: string,
  id: string,
  action: string,
  champs: Record<string, string | string[]> = {},
  fichiers: FichierExtension[] = [],
): Promise<DemandeDetail> {
  const { version } = await lireExtension(baseUrl, token, id);
  const valeurs: [string, string][] = [
    ["action", action],
    ["version", String(version)],
    ...Object.entries(champs).flatMap(([cle, valeur]): [string, string][] =>
      Array.isArray(valeur) ? valeur.map((code) => [`${cle}[]`, code]) : [[cle, valeur]],
    ),
  ];
  let corps: FormData | URLSearchParams;
  if (fichiers.length > 0) {
    const formulaire = new FormData();
    for (const [cle, valeur] of valeurs) formulaire.append(cle, valeur);
    fichiers.forEach((fichier, index) =>
      formulaire.set(
        index === 0 ? "fichier" : `fichier${index}`,
        new Blob([new Uint8Array(fichier.contenu)], { type: "application/pdf" }),
        fichier.nom,
      ),
    );
    corps = formulaire;
  } else corps = new URLSearchParams(valeurs);
  return appelApi<DemandeDetail>(baseUrl, token, "POST", `/changement-notable/${id}/action`, corps);
}

/** Tokens of the demo staff who instruct the extension. */
export interface EquipeExtension {
  instructeur: string;
  superviseur: string;
}

/**
 * Drives a deposited extension to instruite_superviseur through the API:
 * the superviseur assigns `instructeurId`, the instructeur confirms
 * completeness without CRHH and gives his opinion, the superviseur his.
 */
export async function conduireExtensionJusquADecision(
  baseUrl: string,
  equipe: EquipeExtension,
  id: string,
  instructeurId: string,
): Promise<DemandeDetail> {
  await agirSurExtension(baseUrl, equipe.superviseur, id, "AFFECTER_INSTRUCTEUR", {
    instructeurId,
  });
  await agirSurExtension(baseUrl, equipe.instructeur, id, "CONFIRMER_COMPLETUDE", {
    consultationCrhh: "non",
  });
  await agirSurExtension(baseUrl, equipe.instructeur, id, "EXPRIMER_AVIS_INSTRUCTEUR", {
    avis: "FAVORABLE",
    commentaire: "Moyens suffisants sur le nouveau périmètre.",
  });
  return agirSurExtension(baseUrl, equipe.superviseur, id, "EXPRIMER_AVIS_SUPERVISEUR", {
    avis: "FAVORABLE",
    commentaire: "Avis favorable du superviseur.",
  });
}
