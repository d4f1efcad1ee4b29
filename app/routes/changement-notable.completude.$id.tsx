import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  chargerCompletude,
  envoyerCompletude,
} from "~/components/dossier/completude/completude.server";
import {
  HANDLE_COMPLETUDE,
  PageCompletude,
  metaCompletude,
} from "~/components/dossier/completude/page-completude";

/** `/changement-notable/completude/{id}` (spec §2): the completeness page d'une demande de changement notable, applicants only. */
export const loader = (args: LoaderFunctionArgs) => chargerCompletude(args, "changement-notable");

/** Sends the answer posted without JavaScript (spec §4 DONNER_COMPLEMENT). */
export const action = (args: ActionFunctionArgs) => envoyerCompletude(args, "changement-notable");

export const handle = HANDLE_COMPLETUDE;

export default PageCompletude;

export const meta = metaCompletude("changement-notable");
