import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { callEndpoint, lireUtilisateurCourant } from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import { ApplicantHome } from "~/components/home/applicant-home";
import { chargerAccueilDemandeur } from "~/components/home/applicant-home.server";
import { OperateurAgreeHome } from "~/components/home/operateur-agree-home";
import { StaffHome } from "~/components/home/staff-home";
import { chargerAccueilAgent } from "~/components/home/staff-home.server";
import { pageTitle } from "~/utils/title";

/**
 * Home (spec §2 "Home for staff" / "Home for applicants"): the current user
 * from `GET /api/user/account`, then the home of his role, told by `kind`:
 * `agent` for staff ({@link chargerAccueilAgent}), `demandeur` or `agree`
 * for an applicant without or with an approval ({@link chargerAccueilDemandeur}).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const user = await callEndpoint(request, context, lireUtilisateurCourant);
  if (!user.roles.includes("demandeur"))
    return { user, ...(await chargerAccueilAgent(request, context, user.roles)) };
  return { user, ...(await chargerAccueilDemandeur(request, context)) };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>Bonjour {data.user.firstName}</h1>
      {data.kind === "agent" ? (
        <StaffHome {...data} />
      ) : data.kind === "agree" ? (
        <OperateurAgreeHome {...data} />
      ) : (
        <ApplicantHome {...data} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Accueil") }];
