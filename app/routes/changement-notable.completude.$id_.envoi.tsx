import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  envoyerCompletudeEnJson,
  versLaPageDeCompletude,
} from "~/components/dossier/completude/completude.server";

/** Nothing to show: the completeness page is one level up. */
export const loader = (args: LoaderFunctionArgs) =>
  versLaPageDeCompletude(args, "changement-notable");

/** `POST /changement-notable/completude/{id}/envoi`: the completeness answer sent by the form's script, answered as JSON. */
export const action = (args: ActionFunctionArgs) =>
  envoyerCompletudeEnJson(args, "changement-notable");
