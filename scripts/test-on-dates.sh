#!/usr/bin/env bash
# Runs the unit and server tests (PGlite) with the machine's clock set to other days of the year
# (issue #25): a test that reads a month, a weekday or « 1er » out of the product's French text must
# pass on any of them. Uses libfaketime (Debian package `faketime`); the clock starts at each date and
# runs on. Not part of `npm test` (one run per date); run it when a test reads dates.
#   scripts/test-on-dates.sh                       the default dates below
#   scripts/test-on-dates.sh "2027-03-01 08:00:00"  other dates
set -uo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null; then
  echo "faketime is missing: apt-get install faketime" >&2
  exit 2
fi
# The 1st of a month (« 1er »), then décembre, février and août, at hours that put the next bookable
# slots across a month's end and a weekend.
dates=("$@")
[ ${#dates[@]} -eq 0 ] && dates=("2026-12-01 09:30:00" "2027-02-26 16:45:00" "2027-08-14 07:10:00")
status=0
for at in "${dates[@]}"; do
  echo "== clock at $at"
  # The monotonic clock stays real: timers and timeouts are not shifted.
  FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@$at" \
    npx vitest run --project client --project server --project lint || status=1
done
exit $status
