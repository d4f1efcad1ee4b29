import type { ContenuChangementNotable } from "#contract/schemas/changement-notable";
import type { DemandeDetail, ProcedureDemande, ProcedureEtp } from "#contract/schemas/demande";
import { Recapitulatif } from "~/components/demande/recapitulatif";
import { SectionExtension, type NomsZones } from "./section-extension";

/** An empty procedure, for a kind without rubrics (the recap then shows steps 1 and 2). */
const SANS_PROCEDURE: ProcedureDemande = {
  rubriques: [],
  documentsDepot: [],
  etapesCompletes: { 1: true, 2: true, 3: true },
  manquants: [],
};

/**
 * "Contenu de la demande" of the staff file page (spec §2 "file detail"):
 * with `nomsZones` (a perimeter extension), the extension asked for;
 * otherwise the request's recap by step, without its attachments (they
 * have their own section).
 */
export function SectionContenu({
  demande,
  procedure,
  procedureEtp,
  nomsZones,
}: {
  demande: DemandeDetail;
  procedure: ProcedureDemande | null;
  procedureEtp: ProcedureEtp | undefined;
  nomsZones: NomsZones | null;
}) {
  return (
    <section id="contenu-demande" aria-labelledby="contenu-titre" className="fr-mb-6w">
      <h2 id="contenu-titre" className="fr-h3">
        Contenu de la demande
      </h2>
      {nomsZones ? (
        <SectionExtension
          extension={
            (demande as { contenu?: Partial<ContenuChangementNotable> }).contenu?.extension ?? null
          }
          agrement={demande.agrement}
          noms={nomsZones}
        />
      ) : (
        <Recapitulatif
          demande={demande}
          procedure={procedure ?? SANS_PROCEDURE}
          procedureEtp={procedureEtp}
          niveauTitre={3}
          avecPiecesJointes={false}
        />
      )}
    </section>
  );
}
