import type { AppLoadContext } from "@remix-run/node";
import type { DemandeResume } from "#contract/schemas/demande";
import {
  callEndpoint,
  lireDemande,
  lireProcedure,
  listerBandeaux,
  listerMesDemandes,
  verifierNouvelleDemande,
} from "~/.server/api-client.server";
import { agrementAccessible, changementsACharger } from "~/components/agrement/agrement";
import { chargerMonAgrement } from "~/components/agrement/mon-agrement.server";
import { mesChangements } from "~/components/changement-notable/extension.server";
import { commentaireRetourEdition } from "~/components/demande/complement/complement";
import { aDesEtablissements } from "~/components/referencement/referencement.server";

/**
 * The applicant's home data (spec §2 "Home for applicants"): the approval
 * (`GET /api/agrement/mon-agrement`), the information banners, the
 * requests (`GET /api/demandes/mes-demandes`, active first, newest first),
 * whether a new one may be created (`GET /api/demande/can/deposernouvelledemande`),
 * for a draft the form step to resume at (first incomplete step of its
 * procedure, else the summary) and for a request returned for edition the
 * instructor's comment (`GET /api/demande/{id}`). Kind `agree` with an
 * approval (valid or suspended), also whether the company has a referenced
 * establishment (`GET /api/demandeur/has-etablissement`, spec §6); else
 * kind `demandeur`. With an approval valid or withdrawn, its change
 * requests (`GET /api/changement-notables/mes-changements-notables`, spec §4).
 */
export async function chargerAccueilDemandeur(request: Request, context: AppLoadContext) {
  const [agrement, bandeaux, demandes, peutCreer] = await Promise.all([
    chargerMonAgrement(request, context),
    callEndpoint(request, context, listerBandeaux, { query: { demandeType: "demande" } }),
    callEndpoint(request, context, listerMesDemandes),
    callEndpoint(request, context, verifierNouvelleDemande),
  ]);
  const etapes: Record<string, number> = {};
  const commentaires: Record<string, string | null> = {};
  await Promise.all(
    demandes.map(async (demande) => {
      if (demande.statutSimplifie === "brouillon") {
        const procedure = await callEndpoint(request, context, lireProcedure, {
          params: { id: demande.id },
        });
        const incomplete = ([1, 2, 3] as const).find((etape) => !procedure.etapesCompletes[etape]);
        etapes[demande.id] = incomplete ?? 4;
      } else if (demande.etat === "en_edition") {
        const detail = await callEndpoint(request, context, lireDemande, {
          params: { kind: "demande", id: demande.id },
        });
        commentaires[demande.id] = commentaireRetourEdition(detail.infosComplementaires);
      }
    }),
  );
  // Spec §4: loaded for a valid approval (the 'À compléter' tile of an
  // incomplete one) or a withdrawn one (their cards, under the requests).
  const changements = async (): Promise<DemandeResume[]> =>
    changementsACharger(agrement, demandes) ? await mesChangements(request, context) : [];
  if (agrement !== null && agrementAccessible(agrement))
    return {
      kind: "agree" as const,
      agrement,
      demandes,
      hasEtablissement: await aDesEtablissements(request, context),
      changements: await changements(),
    };
  return {
    kind: "demandeur" as const,
    bandeaux,
    demandes,
    peutCreer,
    etapes,
    commentaires,
    changements: await changements(),
  };
}

/** What {@link chargerAccueilDemandeur} loads, by kind of home. */
export type AccueilDemandeur = Awaited<ReturnType<typeof chargerAccueilDemandeur>>;
