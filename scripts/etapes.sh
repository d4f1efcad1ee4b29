# Timed stages of `npm test` and of the CI (.ci/run), sourced by both:
# `etape "<nom>" <commande…>` runs the command and records its duration and
# result; `tableau_des_etapes` prints them as one table, so that every log
# ends with where the time went (ADR 0040). The record is the file named by
# ETAPES_FICHIER, shared with the scripts a stage calls.

# The script that creates the record (ETAPES_PROPRIETAIRE=1) prints the
# table and removes the record when it ends, from its EXIT trap.
if [ -z "${ETAPES_FICHIER:-}" ]; then
  ETAPES_FICHIER="$(mktemp)"
  export ETAPES_FICHIER
  ETAPES_PROPRIETAIRE=1
fi

# Runs "$@" as the stage named $1; its exit code is kept and returned.
etape() {
  local nom="$1"
  shift
  echo "▶ ${nom}"
  local debut=$SECONDS code=0
  "$@" || code=$?
  printf '%s\t%s\t%s\n' "$nom" "$((SECONDS - debut))" "$code" >>"$ETAPES_FICHIER"
  return "$code"
}

# Prints the table of the stages recorded so far, and the total.
tableau_des_etapes() {
  awk -F '\t' '
    function duree(s) { return sprintf("%d min %02d s", s / 60, s % 60) }
    BEGIN { print ""; print "Durée des étapes"; printf "| %-44s | %12s | %-8s |\n", "Étape", "Durée", "Résultat"
            print "|----------------------------------------------|--------------|----------|" }
    { total += $2; printf "| %-44s | %12s | %-8s |\n", $1, duree($2), ($3 == 0 ? "réussie" : "échec " $3) }
    END { printf "| %-44s | %12s | %-8s |\n", "Total", duree(total), "" }
  ' "$ETAPES_FICHIER"
}
