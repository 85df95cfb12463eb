#!/usr/bin/env bash
# The GitHub Action's step (action.yml) when proxy-command is given: starts petstore-kit proxy in front of
# base-url, runs the user's command with PETSTORE_PROXY_URL pointing at it, then stops the proxy as Ctrl-C would,
# so it writes its report on exit (JUnit to junit-file, markdown to the summary, both with the traffic coverage),
# and sets the action's outputs. Its inputs come as INPUT_* variables (the action passes them; a test sets them).
# Exits with the command's exit code when the command failed, else the proxy's: 0 no failure in the traffic,
# 1 a failure (or less traffic coverage than min-coverage), 2 the proxy could not run or stop.
set -uo pipefail
# shellcheck source=action/step-outputs.sh
source "$(dirname "${BASH_SOURCE[0]}")/step-outputs.sh"

out_dir="${INPUT_OUTPUT_DIR:-${RUNNER_TEMP:-.}}"
junit="${INPUT_JUNIT_FILE:-$out_dir/petstore-kit-proxy.xml}"
summary="$out_dir/petstore-kit-proxy.md"
log="$out_dir/petstore-kit-proxy.log"
: > "$summary" # the proxy appends to it: start from nothing, whatever an earlier run left

# The key: from the input when given (masked in the log), else PETSTORE_API_KEY from the job's environment. The
# command may read it; the proxy asks for it at its admin API only when reachable from other machines.
if [ -n "${INPUT_API_KEY:-}" ]; then
  echo "::add-mask::$INPUT_API_KEY"
  export PETSTORE_API_KEY="$INPUT_API_KEY"
fi
if [ "${INPUT_ALLOW_WRITES:-false}" = true ]; then
  echo "::warning::allow-writes is verify's: the proxy forwards whatever the command sends."
fi

port="${INPUT_PROXY_PORT:-4020}"
args=(proxy --target "${INPUT_BASE_URL:?the base-url input is required}" --port "$port" --reporter junit --output "$junit" --summary "$summary")
if [ -n "${INPUT_QUICKSTART_URL:-}" ]; then args+=(--quickstart-target "$INPUT_QUICKSTART_URL"); fi
# The traffic held to a least coverage: below it the proxy exits 1, its report says FAIL and names the cells missed.
if [ -n "${INPUT_MIN_COVERAGE:-}" ]; then args+=(--min-coverage "$INPUT_MIN_COVERAGE"); fi
# More proxy flags, split on spaces (no quoting): e.g. "--profile petstore-kit --record traffic.har".
read -r -a extra <<< "${INPUT_ARGS:-}"
read -r -a command <<< "${INPUT_COMMAND:-npx --no petstore-kit}"

no_report() {
  printf '### petstore-kit proxy: no report\n\n%s (exit code %s): the step'"'"'s log says why.\n' "$1" "$2" > "$summary"
  step_outputs "$junit" "$summary" "$2"
  exit "$2"
}

# The proxy in a process group of its own (job control on while it starts), so that it is stopped whole
# however the kit is run: npx runs it below a shell of its own, and a signal to npx alone never reaches it.
set -m
"${command[@]}" "${args[@]}" ${extra[@]+"${extra[@]}"} > "$log" 2>&1 &
proxy=$!
set +m

# Ready when its admin API answers; its report says where it serves the API (the interface's base path).
admin_key=()
if [ -n "${PETSTORE_API_KEY:-}" ]; then admin_key=(-H "Authorization: Bearer $PETSTORE_API_KEY"); fi
via=""
for _ in $(seq 1 240); do
  if report=$(curl -sf --max-time 5 ${admin_key[@]+"${admin_key[@]}"} "http://127.0.0.1:$port/__admin/report"); then
    via=$(sed -n 's/^ *"via": "\(.*\)",\{0,1\}$/\1/p' <<< "$report" | head -n 1)
    break
  fi
  kill -0 "$proxy" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$via" ]; then
  cat "$log"
  kill -KILL -- "-$proxy" 2>/dev/null
  wait "$proxy"
  no_report "the proxy did not start on port $port" 2
fi
echo "petstore-kit proxy at $via, in front of $INPUT_BASE_URL (its log: $log)"

PETSTORE_PROXY_URL="$via" bash -c "${INPUT_PROXY_COMMAND:?the proxy-command input is required}"
command_code=$?

# Stopped as Ctrl-C stops it: the exchanges in flight finish and the report is written; then the group is gone.
kill -TERM -- "-$proxy" 2>/dev/null
for _ in $(seq 1 120); do
  kill -0 -- "-$proxy" 2>/dev/null || break
  sleep 0.5
done
if kill -0 -- "-$proxy" 2>/dev/null; then
  kill -KILL -- "-$proxy" 2>/dev/null
  wait "$proxy"
  cat "$log"
  no_report "the proxy did not stop within a minute" 2
fi
wait "$proxy"
code=$?
cat "$log"
# Started through npx, the process waited for is npx, ended by the signal itself (128 + 15): the proxy's verdict is
# then its report's.
if [ "$code" -eq 143 ] && [ -s "$summary" ]; then
  if head -n 1 "$summary" | grep -q 'FAIL'; then code=1; else code=0; fi
fi
if [ ! -s "$summary" ]; then no_report "the proxy stopped before it wrote its report" "$((code == 0 ? 2 : code))"; fi

step_outputs "$junit" "$summary" "$code" "command-exit-code=$command_code" "proxy-url=$via"
if [ "$command_code" -ne 0 ]; then exit "$command_code"; fi
exit "$code"
