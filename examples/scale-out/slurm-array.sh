#!/bin/bash
# A Slurm job array: 64 tasks, SLURM_ARRAY_TASK_ID = 0..63 is the shard. From a clone where
# `npm ci` has run (the tasks run `npx hitori-sat` in the folder they were submitted from):
#   mkdir -p out && sbatch examples/scale-out/slurm-array.sh
# (Slurm opens the --output log below before the script starts: without out/ no task launches.)
# Then, when all tasks are done:  npx hitori-sat enumerate --merge out/shard-*.json
# The merge names the shards that failed or were cancelled; `sbatch --array=3,17 ...` (the
# numbers it names) runs only those, and submitting the whole array again counts only the shards
# without a complete result: a task whose out/shard-N.json is already one (shard-done.mjs) ends
# at once. On many nodes nothing changes: the clone, with out/, must be on a filesystem every
# node shares.
# HITORI_BOARD, HITORI_SYMBOLS, HITORI_SHARDS and HITORI_OUT change the board, the symbols, the
# number of shards and the results folder (default out); --array must then match the shards:
#   HITORI_BOARD=4x3 HITORI_SHARDS=8 sbatch --array=0-7 examples/scale-out/slurm-array.sh
#SBATCH --job-name=hitori-enumerate
#SBATCH --array=0-63
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=out/slurm-%A_%a.log
set -euo pipefail
board=${HITORI_BOARD:-4x5}
symbols=${HITORI_SYMBOLS:-4}
shards=${HITORI_SHARDS:-64}
out=${HITORI_OUT:-out}
mkdir -p "$out"
file="$out/shard-${SLURM_ARRAY_TASK_ID}.json"
if [ -e "$file" ] && node examples/scale-out/shard-done.mjs "$file" "$board" "$symbols" "$SLURM_ARRAY_TASK_ID" "$shards"; then
  echo "slurm-array.sh: shard ${SLURM_ARRAY_TASK_ID}/$shards is already counted in $file"
  exit 0
fi
# A shard that reaches the time limit exits with 3 and writes "complete": false; merge refuses it
# (and a rerun counts it again). -o writes the file whole or not at all. The log's last line is
# the task's wall and CPU seconds, to size a run of the whole from a few tasks.
TIMEFORMAT="slurm-array.sh: shard ${SLURM_ARRAY_TASK_ID}/$shards took %R s, CPU %U s user + %S s system"
time npx hitori-sat enumerate "$board" --symbols "$symbols" --shard "auto/$shards" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --timeout 7000000 --format json -o "$file"
