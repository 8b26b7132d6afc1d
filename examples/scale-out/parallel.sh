#!/bin/sh
# 4x5 over 4 symbols in 64 shards with GNU parallel, two at a time, then the merge.
# Run it from a clone where `npm ci` has run (the jobs run `npx hitori-sat` there):
#   sh examples/scale-out/parallel.sh
# HITORI_BOARD, HITORI_SYMBOLS, HITORI_SHARDS and HITORI_OUT change the board, the symbols, the
# number of shards and the results folder (default out), e.g. a run of seconds:
#   HITORI_BOARD=4x3 HITORI_SHARDS=8 sh examples/scale-out/parallel.sh
# Many machines that see this clone at the same path (a shared filesystem): GNU parallel takes
# more options from $PARALLEL, e.g.  PARALLEL="--sshloginfile hosts.txt --workdir $PWD" sh ...
# Each job learns its shard from PARALLEL_SEQ (1..N); its file is named by its argument (0..N-1).
# A shard that fails or is killed is named by the merge at the end, and the script exits 2: run
# it again, and --resume-failed runs only the shards that failed or never ran (the joblog keeps
# the rest), then merges all of them. Without the joblog (deleted, or shards counted elsewhere)
# a job whose out/shard-N.json is already a complete result of its shard (shard-done.mjs) ends
# at once, so a rerun never counts a finished shard twice.
set -eu
board=${HITORI_BOARD:-4x5}
symbols=${HITORI_SYMBOLS:-4}
shards=${HITORI_SHARDS:-64}
out=${HITORI_OUT:-out}
mkdir -p "$out"
# -q passes each argument as it is (a results folder with a space stays one argument). The job's
# settings go in as arguments, not through the environment, which ssh does not carry to other
# machines.
job='board=$1 symbols=$2 shards=$3 file="$4/shard-$5.json"
if [ -e "$file" ] && node examples/scale-out/shard-done.mjs "$file" "$board" "$symbols" "$5" "$shards"; then exit 0; fi
exec npx hitori-sat enumerate "$board" --symbols "$symbols" --shard "auto/$shards" --format json -o "$file"'
seq 0 $((shards - 1)) | parallel --will-cite -q --jobs 2 --joblog "$out/joblog" --resume-failed \
  sh -c "$job" sh "$board" "$symbols" "$shards" "$out" {} \
  || echo "parallel.sh: some shards failed (their exit codes are in $out/joblog); the merge names them" >&2
npx hitori-sat enumerate --merge "$out"/shard-*.json
