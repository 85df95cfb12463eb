# Sourced by the action's scripts (verify.sh, proxy.sh), not run: the step's last part, written once. Appends the
# markdown summary to the job's summary and sets the action's outputs.
# Usage: step_outputs JUNIT_FILE SUMMARY_FILE EXIT_CODE [NAME=VALUE ...] (more single-line outputs)
step_outputs() {
  local junit="$1" summary="$2" code="$3"
  shift 3
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$summary" >> "$GITHUB_STEP_SUMMARY"; fi
  if [ -z "${GITHUB_OUTPUT:-}" ]; then return 0; fi
  # A multi-line output ends at its delimiter: one the summary does not hold.
  local delimiter="petstore-kit-summary-$RANDOM$RANDOM$RANDOM"
  while grep -qF "$delimiter" "$summary"; do delimiter="$delimiter$RANDOM"; done
  {
    echo "junit-file=$junit"
    echo "summary-file=$summary"
    echo "exit-code=$code"
    for output in "$@"; do echo "$output"; done
    echo "summary<<$delimiter"
    cat "$summary"
    echo "$delimiter"
  } >> "$GITHUB_OUTPUT"
}
