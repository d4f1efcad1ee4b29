import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { getOptionalUser } from "~/.server/auth.server";
import { ContentPage } from "~/components/content-page";
import { CompteExistantSection } from "~/components/creation-compte/compte-existant";
import { creerCompte } from "~/components/creation-compte/creation-compte.server";
import { FormulaireCreationCompte } from "~/components/creation-compte/formulaire-creation-compte";
import { pageTitle } from "~/utils/title";

const TITLE = "Créer un compte";

/** `/creation-compte`: public; a signed-in user already has an account and goes home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getOptionalUser(request, context)) throw redirect("/");
  return null;
}

/**
 * Creates the applicant account (spec §3 Applicant account, §7 POST
 * /api/candidate/create): see `creerCompte` for the answers (the success
 * page, or this page again with the errors and every value typed).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return creerCompte(request, context);
}

/**
 * `/creation-compte` (spec §2 "Account creation"): the "Un compte existe
 * déjà" section after a 409 (spec §8), then the form — its error summary
 * right after the title, what the account is for, the fields — and the way
 * to sign in for those who already have an account.
 */
export default function CreationCompte() {
  const result = useActionData<typeof action>();
  return (
    <ContentPage title={TITLE}>
      {result?.compteExistant ? <CompteExistantSection {...result.compteExistant} /> : null}
      <FormulaireCreationCompte
        lastResult={result?.lastResult}
        focusResume={!result?.compteExistant}
        introduction={
          <p className="fr-text--lead">
            Ce compte permet à votre structure de demander l'agrément Mon Accompagnateur Rénov' et
            d'en suivre l'instruction. Un seul compte est ouvert par structure (SIREN).
          </p>
        }
      />
      <p className="fr-mt-4w">
        Vous avez déjà un compte ?{" "}
        <Link to="/account/login" reloadDocument>
          Se connecter
        </Link>
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
