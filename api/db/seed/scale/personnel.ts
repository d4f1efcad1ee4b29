/**
 * Instruction staff of the scale dataset (DESIGN §4): in every service
 * instructeur, two instructeurs (three where the départements covered
 * hold more than a million inhabitants), one CRHH member and one
 * superviseur whose supervision perimeter is the service's région. They
 * have no password (hashing thousands of argon2 passwords would cost
 * minutes): they cannot sign in, they only act in the files' histories.
 */
import type { Hasard } from "./hasard.ts";
import { uuidEchelle } from "./identifiants.ts";
import type { Referentiel, ServiceRef } from "./referentiel.ts";
import { identifiantMail, personne, type Personne } from "./societes.ts";

/** Ids of staff accounts start here, after any company's applicant account. */
const PREMIER_INDEX_PERSONNEL = 50_000_000;
const MILLION = 1_000_000;

export type RoleInstruction = "instructeur" | "crhh" | "superviseur";

export interface AgentPlan extends Personne {
  id: string;
  role: RoleInstruction;
  email: string;
  service: ServiceRef;
}

export interface EquipePlan {
  service: ServiceRef;
  instructeurs: AgentPlan[];
  crhh: AgentPlan;
  superviseur: AgentPlan;
}

/** The staff of every service of `referentiel`, in the services' order. */
export function equipes(referentiel: Referentiel, hasard: Hasard): EquipePlan[] {
  const population = new Map<string, number>();
  for (const commune of referentiel.communes)
    population.set(
      commune.departement,
      (population.get(commune.departement) ?? 0) + commune.population,
    );
  const emails = new Set<string>();
  let rang = 0;
  const agent = (service: ServiceRef, role: RoleInstruction): AgentPlan => {
    const identite = personne(hasard);
    const domaine = `${service.code.toLowerCase().replace(/[^a-z0-9]/g, "")}.anah.example.org`;
    let email = `${identifiantMail(identite)}@${domaine}`;
    for (let suffixe = 2; emails.has(email); suffixe++)
      email = `${identifiantMail(identite)}${suffixe}@${domaine}`;
    emails.add(email);
    return {
      ...identite,
      id: uuidEchelle("utilisateur", PREMIER_INDEX_PERSONNEL + rang++),
      role,
      email,
      service,
    };
  };
  return referentiel.services.map((service) => {
    const habitants = service.departements.reduce(
      (somme, dep) => somme + (population.get(dep) ?? 0),
      0,
    );
    const nombre = habitants > MILLION ? 3 : 2;
    return {
      service,
      instructeurs: Array.from({ length: nombre }, () => agent(service, "instructeur")),
      crhh: agent(service, "crhh"),
      superviseur: agent(service, "superviseur"),
    };
  });
}

/** Every agent of `equipes`, instructeurs first within each service. */
export function agents(liste: readonly EquipePlan[]): AgentPlan[] {
  return liste.flatMap((equipe) => [...equipe.instructeurs, equipe.crhh, equipe.superviseur]);
}
