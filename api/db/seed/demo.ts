/**
 * Demonstration accounts and content (README "Comptes de démonstration"),
 * written only when DEMO_DATA is on. Idempotent: accounts are matched by
 * e-mail; an existing account keeps its password hash and its identifier.
 */
import { hash } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import { CGU_VERSION } from "../../../contract/cgu.ts";
import type { Role } from "../../../contract/roles.ts";
import type { Database } from "../client.ts";
import {
  bandeauxInformatifs,
  registreEtablissements,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../schema.ts";
import { codeServiceDuDepartement } from "./reference.ts";

export const DEMO_PASSWORD = "Anah-Demo-2026!";

/** Realm roles Keycloak gives every user besides the business ones. */
const ROLES_TECHNIQUES = ["offline_access", "uma_authorization"];

interface CompteDemo {
  idIdp: string;
  email: string;
  prenom: string;
  nom: string;
  role: Role | null;
  /** Member of the local delegation of Paris. */
  serviceParis?: boolean;
  perimetreSupervision?: { regions: string[]; departements: string[] };
  demandeur?: boolean;
}

export const COMPTES_DEMO: readonly CompteDemo[] = [
  {
    idIdp: "demo-mar-admin",
    email: "mar-admin@demo.anah.gouv.fr",
    prenom: "Claire",
    nom: "Dubois",
    role: "mar_admin",
  },
  {
    idIdp: "demo-anah-centrale",
    email: "centrale@demo.anah.gouv.fr",
    prenom: "Julien",
    nom: "Moreau",
    role: "anah_centrale",
  },
  {
    idIdp: "demo-crhh",
    email: "crhh@demo.anah.gouv.fr",
    prenom: "Sophie",
    nom: "Lambert",
    role: "crhh",
    serviceParis: true,
  },
  {
    idIdp: "demo-instructeur",
    email: "instructeur@demo.anah.gouv.fr",
    prenom: "Thomas",
    nom: "Leroy",
    role: "instructeur",
    serviceParis: true,
  },
  {
    idIdp: "demo-superviseur",
    email: "superviseur@demo.anah.gouv.fr",
    prenom: "Nathalie",
    nom: "Garnier",
    role: "superviseur",
    serviceParis: true,
    perimetreSupervision: { regions: ["11"], departements: [] },
  },
  {
    idIdp: "demo-admin-fonctionnel",
    email: "admin-fonctionnel@demo.anah.gouv.fr",
    prenom: "Karim",
    nom: "Benali",
    role: "admin_fonctionnel",
  },
  {
    idIdp: "demo-demandeur",
    email: "demandeur@demo.anah.gouv.fr",
    prenom: "Camille",
    nom: "Martin",
    role: "demandeur",
    demandeur: true,
  },
  {
    idIdp: "demo-sans-role",
    email: "sans-role@demo.anah.gouv.fr",
    prenom: "Paul",
    nom: "Durand",
    role: null,
  },
];

/** The demo applicant's company (SIREN with a valid Luhn key). */
export const SOCIETE_DEMO = {
  siren: "832915474",
  raisonSociale: "Rénov'Conseil Île-de-France",
  qualites: ["qualityOp"],
};

/**
 * The demo company's establishments in the embedded company registry
 * (ADR 0016): its head office and three agencies in Île-de-France, SIRET =
 * SIREN + NIC with a valid INSEE (Luhn) key, all open.
 */
export const REGISTRE_DEMO: readonly (typeof registreEtablissements.$inferInsert)[] = [
  {
    siret: "83291547400015",
    siren: SOCIETE_DEMO.siren,
    nomInsee: "RENOV'CONSEIL ILE-DE-FRANCE",
    siege: true,
    adresse1: "12 RUE DE LA ROQUETTE",
    adresse2: "BATIMENT B",
    codePostal: "75011",
    ville: "PARIS",
    codeCommune: "75056",
    actif: true,
  },
  {
    siret: "83291547400023",
    siren: SOCIETE_DEMO.siren,
    nomInsee: "RENOV'CONSEIL EST PARISIEN",
    siege: false,
    adresse1: "45 RUE DE PARIS",
    adresse2: null,
    codePostal: "93100",
    ville: "MONTREUIL",
    codeCommune: "93048",
    actif: true,
  },
  {
    siret: "83291547400031",
    siren: SOCIETE_DEMO.siren,
    nomInsee: "RENOV'CONSEIL YVELINES",
    siege: false,
    adresse1: "8 AVENUE DE SAINT-CLOUD",
    adresse2: null,
    codePostal: "78000",
    ville: "VERSAILLES",
    codeCommune: "78646",
    actif: true,
  },
  {
    siret: "83291547400049",
    siren: SOCIETE_DEMO.siren,
    nomInsee: "RENOV'CONSEIL VAL-DE-MARNE",
    siege: false,
    adresse1: "3 RUE DU GENERAL LECLERC",
    adresse2: "1ER ETAGE",
    codePostal: "94000",
    ville: "CRETEIL",
    codeCommune: "94028",
    actif: true,
  },
];

const BANDEAU_DEMO = {
  type: "info" as const,
  demandeType: "demande",
  titre: "Préparez les pièces de votre demande d'agrément",
  message:
    "Avant de commencer, rassemblez : un extrait Kbis ou un avis de situation au répertoire SIRENE de moins de trois mois et les statuts de la structure ; " +
    "les justificatifs de compétence des personnes qui accompagneront les ménages (diplômes, formations, expériences) ; " +
    "les attestations de régularité fiscale et sociale ; les derniers comptes annuels ou, à défaut, un prévisionnel attestant de votre capacité financière ; " +
    "une attestation d'assurance de responsabilité civile professionnelle ; la déclaration sur l'honneur d'indépendance vis-à-vis de l'exécution des travaux. " +
    "Chaque pièce est attendue au format PDF, PNG, JPG ou ZIP, 10 Mo au plus par fichier. Vous pouvez enregistrer votre demande en brouillon à chaque étape.",
};

/**
 * The demo's general banner (spec §2 Layout "general information banner"):
 * shown under the header of every page of a signed-in user.
 */
const BANDEAU_GENERAL_DEMO = {
  type: "general" as const,
  titre: "Information",
  message:
    "Pour toute question sur le portail ou sur votre demande d'agrément, écrivez à mar-agrement@anah.gouv.fr.",
};

/** Writes the demo accounts, company, its registry establishments and the information banner. */
export async function seedDemo(database: Database): Promise<void> {
  const { db } = database;
  const [serviceParis] = await db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, codeServiceDuDepartement("75")));
  const [societe] = await db
    .insert(societes)
    .values(SOCIETE_DEMO)
    .onConflictDoUpdate({
      target: societes.siren,
      set: { raisonSociale: SOCIETE_DEMO.raisonSociale, qualites: SOCIETE_DEMO.qualites },
    })
    .returning({ id: societes.id });

  const existants = await db
    .select({ email: utilisateurs.email, passwordHash: utilisateurs.passwordHash })
    .from(utilisateurs)
    .where(sql`lower(${utilisateurs.email}) in ${COMPTES_DEMO.map((compte) => compte.email)}`);
  const aUnMotDePasse = new Set(
    existants.filter((row) => row.passwordHash).map((row) => row.email.toLowerCase()),
  );
  const aHacher = COMPTES_DEMO.filter((compte) => !aUnMotDePasse.has(compte.email));
  const empreintes = new Map(
    await Promise.all(
      aHacher.map(async (compte) => [compte.email, await hash(DEMO_PASSWORD)] as const),
    ),
  );

  await db.transaction(async (tx) => {
    for (const compte of COMPTES_DEMO) {
      const profil = {
        email: compte.email,
        prenom: compte.prenom,
        nom: compte.nom,
        roles: compte.role ? [compte.role, ...ROLES_TECHNIQUES] : ["offline_access"],
        statut: "actif" as const,
        serviceInstructeurId: compte.serviceParis ? (serviceParis?.id ?? null) : null,
        region: compte.serviceParis || compte.demandeur ? "11" : null,
        perimetreSupervision: compte.perimetreSupervision ?? null,
        societeId: compte.demandeur ? societe.id : null,
        telephone: compte.demandeur ? "+33 1 84 60 27 15" : null,
        qualite: compte.demandeur ? "Gérante" : null,
        cguVersionAcceptee: compte.demandeur ? CGU_VERSION : null,
        acceptNotificationActualite: compte.demandeur === true,
      };
      const empreinte = empreintes.get(compte.email);
      const [existant] = await tx
        .select({ id: utilisateurs.id })
        .from(utilisateurs)
        .where(sql`lower(${utilisateurs.email}) = ${compte.email}`);
      if (existant) {
        await tx
          .update(utilisateurs)
          .set({
            ...profil,
            ...(empreinte ? { passwordHash: empreinte } : {}),
            dateModification: new Date(),
          })
          .where(eq(utilisateurs.id, existant.id));
      } else {
        await tx
          .insert(utilisateurs)
          .values({ ...profil, idIdp: compte.idIdp, passwordHash: empreinte });
      }
    }

    const [bandeau] = await tx
      .select({ id: bandeauxInformatifs.id })
      .from(bandeauxInformatifs)
      .where(
        and(
          eq(bandeauxInformatifs.type, BANDEAU_DEMO.type),
          eq(bandeauxInformatifs.titre, BANDEAU_DEMO.titre),
        ),
      );
    if (!bandeau) await tx.insert(bandeauxInformatifs).values(BANDEAU_DEMO);

    const [bandeauGeneral] = await tx
      .select({ id: bandeauxInformatifs.id })
      .from(bandeauxInformatifs)
      .where(
        and(
          eq(bandeauxInformatifs.type, BANDEAU_GENERAL_DEMO.type),
          eq(bandeauxInformatifs.titre, BANDEAU_GENERAL_DEMO.titre),
        ),
      );
    if (!bandeauGeneral) await tx.insert(bandeauxInformatifs).values(BANDEAU_GENERAL_DEMO);

    await tx
      .insert(registreEtablissements)
      .values([...REGISTRE_DEMO])
      .onConflictDoNothing();
  });
}
