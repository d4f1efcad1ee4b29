import { NIVEAUX_PERIMETRE } from "#contract/perimetre";
import {
  LIBELLES_ETP_EXTENSION,
  type ContenuExtension,
} from "#contract/schemas/changement-notable";
import type { Agrement } from "#contract/schemas/agrement";

/** A zone by code and name. */
interface Zone {
  code: string;
  nom: string;
}

/** Names of the régions and départements (`GET /api/regions`, `/api/departements`), by code. */
export interface NomsZones {
  regions: Record<string, string>;
  departements: Record<string, string>;
}

/** "Nom (code)" of each code of a level, the code alone when its name is unknown. */
function nommer(codes: readonly string[], noms: Record<string, string> | undefined): Zone[] {
  return codes.map((code) => ({ code, nom: noms?.[code] ?? code }));
}

/** A perimeter as a description list, one line per non-empty level. */
function ListePerimetre({ perimetre }: { perimetre: Record<string, Zone[]> }) {
  const niveaux = NIVEAUX_PERIMETRE.filter(({ cle }) => (perimetre[cle] ?? []).length > 0);
  if (niveaux.length === 0) return <p>Aucune zone.</p>;
  return (
    <ul>
      {niveaux.map(({ cle, libelle }) => (
        <li key={cle}>
          <strong>{libelle} :</strong>{" "}
          {perimetre[cle].map((zone) => `${zone.nom} (${zone.code})`).join(", ")}
        </li>
      ))}
    </ul>
  );
}

/** ETP figures the French way ("2,5"). */
function nombre(valeur: number): string {
  return valeur.toLocaleString("fr-FR", { maximumFractionDigits: 2 });
}

/**
 * "Contenu de la demande" of a perimeter extension (ADR 0021): the
 * perimeter asked for (régions and départements by name, EPCI
 * and communes by code, with the precisions), the staffing of the new
 * perimeter (ETP), and the approval's perimeter as it stands now (extended
 * once the extension is validated or tacitly accepted). `extension` is
 * `contenu.extension` of `GET /api/changement-notable/{id}`; absent
 * levels read as empty.
 */
export function SectionExtension({
  extension,
  agrement,
  noms,
}: {
  extension: ContenuExtension | null;
  agrement: Pick<Agrement, "numeroAgrement" | "perimetre"> | null;
  noms: NomsZones;
}) {
  const perimetre = extension?.perimetre;
  const effectifs = extension?.effectifs;
  return (
    <>
      <h3 className="fr-h5">Périmètre d'intervention demandé</h3>
      {perimetre ? (
        <>
          <ListePerimetre
            perimetre={{
              regions: nommer(perimetre.regions, noms.regions),
              departements: nommer(perimetre.departements, noms.departements),
              epcis: nommer(perimetre.epcis, undefined),
              communes: nommer(perimetre.communes, undefined),
            }}
          />
          {perimetre.precisions ? (
            <p>
              <strong>Précisions :</strong> {perimetre.precisions}
            </p>
          ) : null}
        </>
      ) : (
        <p>Le périmètre demandé n'est pas renseigné.</p>
      )}
      <h3 className="fr-h5">Effectifs sur le nouveau périmètre</h3>
      {effectifs ? (
        <ul>
          <li>
            <strong>{LIBELLES_ETP_EXTENSION.nb_etp_perimetre} :</strong>{" "}
            {nombre(effectifs.nbEtpPerimetre)}
          </li>
          <li>
            <strong>{LIBELLES_ETP_EXTENSION.nb_etp_accomp_perimetre} :</strong>{" "}
            {nombre(effectifs.nbEtpAccompagnementPerimetre)}
          </li>
        </ul>
      ) : (
        <p>Les effectifs ne sont pas renseignés.</p>
      )}
      {agrement ? (
        <>
          <h3 className="fr-h5">Périmètre actuel de l'agrément {agrement.numeroAgrement}</h3>
          <ListePerimetre perimetre={agrement.perimetre} />
        </>
      ) : null}
    </>
  );
}
