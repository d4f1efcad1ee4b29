/**
 * Referencing an establishment under an approval (spec §3 Etablissement,
 * §4, §5; §7 POST /api/agrement/{id}/etablissement), and
 * the company registry's establishments that may still be referenced.
 *
 * Checks, in order: the approval is the applicant's company's (404) and
 * en_cours (403, suspended: its own message); the form's rules
 * (contract `schemaReferencementEtablissement`, with ETP and referent
 * required per ADR 0016); the SIRET is an open establishment of the
 * company in the registry, not already referenced; the commune matches the
 * postal code; the perimeter lies inside the approval's. Field errors are
 * gathered and answered together (422). The row, its reference and the
 * history row REFERENCER_ETABLISSEMENT are written in one transaction that
 * locks the approval, so that two referencings of one SIRET cannot both pass.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  schemaReferencementEtablissement,
  type Etablissement,
  type EtablissementRegistre,
} from "../../../contract/schemas/etablissement.ts";
import type { Database, Db } from "../../db/client.ts";
import {
  agrements,
  communeCodesPostaux,
  communes,
  etablissements,
  historique,
  societes,
} from "../../db/schema.ts";
import type { RegistreEntreprises } from "../../registre/types.ts";
import type { AgrementRow } from "../agrements.ts";
import { invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { parseOrThrow } from "../validation.ts";
import { chargerAgrementDuDemandeur, etpRequis, exigerAgrementEnCours } from "./acces.ts";
import { versEtablissement } from "./dto.ts";
import { dedoublonner, horsPerimetreAgrement } from "./perimetre-agrement.ts";

/** History action of a referencing. */
export const ACTION_REFERENCER = "REFERENCER_ETABLISSEMENT";
/** Why, as its history row says it. */
export const MOTIF_REFERENCEMENT = "Référencement de l'établissement par la structure agréée.";

/** Message of a SIRET already referenced by the company. */
export const messageDejaReference = (siret: string) =>
  `L'établissement ${siret} est déjà référencé`;
/** Message of a SIRET that is not an open establishment of the company in the registry. */
export const messageHorsRegistre = (siret: string) =>
  `L'établissement ${siret} n'est pas un établissement en activité de votre structure au registre des entreprises.`;
/** Message of a commune that does not carry the postal code typed. */
export const MESSAGE_COMMUNE_CODE_POSTAL = "Choisissez une commune de ce code postal.";

/** What referencing needs besides the user and the form. */
export interface DependancesReferencement {
  database: Database;
  horloge: Horloge;
  registre: RegistreEntreprises;
}

/** SIREN of the company holding `agrement`. */
async function sirenDe(database: Database, agrement: AgrementRow): Promise<string> {
  const [societe] = await database.db
    .select({ siren: societes.siren })
    .from(societes)
    .where(eq(societes.id, agrement.societeId));
  return societe.siren;
}

/** SIRETs the company `societeId` has referenced (establishments still referenced, any approval). */
async function siretsReferences(db: Db, societeId: string): Promise<Set<string>> {
  const lignes = await db
    .select({ siret: etablissements.siret })
    .from(etablissements)
    .where(and(eq(etablissements.societeId, societeId), eq(etablissements.referencee, true)));
  return new Set(lignes.map((ligne) => ligne.siret));
}

/**
 * The open establishments of `agrement`'s company in the registry that it
 * has not referenced yet, head office first then by SIRET. Throws
 * ErreurRegistre when the registry does not answer.
 */
export async function etablissementsAReferencer(
  deps: Pick<DependancesReferencement, "database" | "registre">,
  agrement: AgrementRow,
): Promise<EtablissementRegistre[]> {
  const registre = await deps.registre.etablissementsDeSiren(
    await sirenDe(deps.database, agrement),
  );
  const deja = await siretsReferences(deps.database.db, agrement.societeId);
  return registre
    .filter((etablissement) => etablissement.actif && !deja.has(etablissement.siret))
    .map(({ actif: _actif, ...etablissement }) => etablissement);
}

/** Next reference of the approval ("ETB-" and 7 digits), inside the transaction that locks it. */
async function prochaineReference(tx: Db, agrementId: string): Promise<string> {
  const [{ dernier }] = await tx
    .select({
      dernier: sql<number>`coalesce(max(substring(${etablissements.reference} from '^ETB-([0-9]+)$')::int), 0)`,
    })
    .from(etablissements)
    .where(eq(etablissements.agrementId, agrementId));
  return `ETB-${String(Number(dernier) + 1).padStart(7, "0")}`;
}

/**
 * POST /api/agrement/{id}/etablissement: references the establishment
 * `corps` describes under approval `agrementId` for `utilisateur`, and
 * returns it. Errors: 404 (approval not of his company), 403 (approval
 * not en_cours), 422 `{ detail, errors }` by field, ErreurRegistre when
 * the registry does not answer.
 */
export async function referencerEtablissement(
  deps: DependancesReferencement,
  utilisateur: UtilisateurConnecte,
  agrementId: string,
  corps: unknown,
): Promise<Etablissement> {
  const { database, horloge } = deps;
  const agrement = await chargerAgrementDuDemandeur(database, utilisateur, agrementId);
  exigerAgrementEnCours(agrement);
  const saisie = parseOrThrow(
    schemaReferencementEtablissement({ etpRequired: etpRequis(agrement) }),
    corps,
  );
  const registre = await deps.registre.etablissementsDeSiren(await sirenDe(database, agrement));
  const duRegistre = registre.find((e) => e.siret === saisie.siret && e.actif);
  const perimetre = dedoublonner(saisie);

  const ligne = await database.db.transaction(async (tx) => {
    // Locks the approval: referencings under it run one after the other.
    const [verrou] = await tx
      .select({
        etat: agrements.etat,
        numero: agrements.numeroAgrement,
        perimetre: agrements.perimetre,
      })
      .from(agrements)
      .where(eq(agrements.id, agrement.id))
      .for("update");
    exigerAgrementEnCours(verrou);

    const erreurs: Record<string, string[]> = {};
    if ((await siretsReferences(tx, agrement.societeId)).has(saisie.siret))
      erreurs.siret = [messageDejaReference(saisie.siret)];
    else if (!duRegistre) erreurs.siret = [messageHorsRegistre(saisie.siret)];
    const [commune] = await tx
      .select({ nom: communes.nom })
      .from(communes)
      .innerJoin(communeCodesPostaux, eq(communeCodesPostaux.codeCommune, communes.code))
      .where(
        and(
          eq(communes.code, saisie.codeCommune),
          eq(communeCodesPostaux.codePostal, saisie.codePostal),
        ),
      );
    if (!commune) erreurs.codeCommune = [MESSAGE_COMMUNE_CODE_POSTAL];
    Object.assign(erreurs, await horsPerimetreAgrement(tx, perimetre, verrou.perimetre));
    if (Object.keys(erreurs).length > 0)
      throw invalide([...new Set(Object.values(erreurs).flat())].join("\n"), { champs: erreurs });

    const maintenant = horloge.now();
    const [cree] = await tx
      .insert(etablissements)
      .values({
        agrementId: agrement.id,
        societeId: agrement.societeId,
        reference: await prochaineReference(tx, agrement.id),
        raisonSociale: agrement.raisonSociale,
        nom: saisie.nom,
        nomInsee: duRegistre?.nomInsee ?? null,
        nomMar: saisie.nomMar ?? null,
        siret: saisie.siret,
        adresse1: saisie.adresse1,
        adresse2: saisie.adresse2 ?? null,
        codePostal: saisie.codePostal,
        ville: commune!.nom,
        codeCommune: saisie.codeCommune,
        tel: saisie.tel,
        email: saisie.email,
        siteInternet: saisie.siteInternet ?? null,
        etp: saisie.etp ?? null,
        perimetre,
        referent:
          saisie.referentCivilite &&
          saisie.referentNom &&
          saisie.referentPrenom &&
          saisie.referentEmail &&
          saisie.referentTel
            ? {
                civilite: saisie.referentCivilite,
                nom: saisie.referentNom,
                prenom: saisie.referentPrenom,
                email: saisie.referentEmail,
                tel: saisie.referentTel,
              }
            : null,
        referencee: true,
        dateCreation: maintenant,
        dateModification: maintenant,
      })
      .returning();
    await tx.insert(historique).values({
      ressourceType: "etablissement",
      ressourceId: cree.id,
      action: ACTION_REFERENCER,
      acteurId: utilisateur.row.id,
      acteurRole: "demandeur",
      commentaire: MOTIF_REFERENCEMENT,
      donnees: { agrementId: agrement.id, siret: cree.siret, reference: cree.reference },
      date: maintenant,
    });
    return { cree, numero: verrou.numero };
  });
  return versEtablissement(database, ligne.cree, ligne.numero);
}
