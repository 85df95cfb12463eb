#!/usr/bin/env bash
# The GitHub Action's step (action.yml at the repository's root) without proxy-command: runs petstore-kit
# verify with a JUnit report and the markdown summary written in one run, appends the summary to the job's
# summary, and sets the action's outputs. Its inputs come as INPUT_* variables (the action passes them; a test
# sets them itself). Exits with verify's exit code: 0 passed, 1 a scenario failed or the coverage fell short,
# 2 nothing judged.
set -uo pipefail
# shellcheck source=action/step-outputs.sh
source "$(dirname "${BASH_SOURCE[0]}")/step-outputs.sh"

out_dir="${INPUT_OUTPUT_DIR:-${RUNNER_TEMP:-.}}"
junit="${INPUT_JUNIT_FILE:-$out_dir/petstore-kit-verify.xml}"
summary="$out_dir/petstore-kit-verify.md"
: > "$summary" # verify appends to it: start from nothing, whatever an earlier run left

# The key: from the input when given (masked in the log), else PETSTORE_API_KEY from the job's environment.
if [ -n "${INPUT_API_KEY:-}" ]; then
  echo "::add-mask::$INPUT_API_KEY"
  export PETSTORE_API_KEY="$INPUT_API_KEY"
fi

args=(verify --base-url "${INPUT_BASE_URL:?the base-url input is required}" --reporter junit --output "$junit" --summary "$summary")
if [ -n "${INPUT_QUICKSTART_URL:-}" ]; then args+=(--quickstart-url "$INPUT_QUICKSTART_URL"); fi
if [ "${INPUT_ALLOW_WRITES:-false}" = true ]; then args+=(--allow-writes); fi
if [ -n "${INPUT_MIN_COVERAGE:-}" ]; then args+=(--min-coverage "$INPUT_MIN_COVERAGE"); fi
# More flags, split on spaces (no quoting): e.g. "--profile petstore-kit --checks authRequired".
read -r -a extra <<< "${INPUT_ARGS:-}"
# How to run the kit: the copy in the project's node_modules, unless told otherwise.
read -r -a command <<< "${INPUT_COMMAND:-npx --no petstore-kit}"

"${command[@]}" "${args[@]}" ${extra[@]+"${extra[@]}"}
code=$?

if [ ! -s "$summary" ]; then
  printf '### petstore-kit verify: no report\n\nverify stopped before it judged anything (exit code %s): the step'"'"'s log says why.\n' "$code" > "$summary"
fi
step_outputs "$junit" "$summary" "$code"
exit "$code"
